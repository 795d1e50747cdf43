import { MESSAGES } from '@pinboard/shared/constants/messages';
import { registerUser } from '../support/api';
import { serveFixtureSite, type FixtureSite } from '../support/fixturePage';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

/**
 * The Pin builder's errors belong to the attempt that made them: editing the
 * link or trying again clears them, and a loopback link is a link (whether
 * the server may read it is the server's answer, not "not a valid URL").
 */
let site: FixtureSite;

test.beforeAll(async () => {
  const photo = await makePicture({ width: 600, height: 800, sky: ['#caf0f8', '#90e0ef'], ground: '#03045e' });
  site = await serveFixtureSite((origin) => ({
    '/bare': { type: 'text/html; charset=utf-8', body: '<!doctype html><html><head><title>Nothing here</title></head><body><p>Words only.</p></body></html>' },
    '/lake': {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><title>The lake</title><meta property="og:image" content="${origin}/lake.jpg"></head><body></body></html>`,
    },
    '/lake.jpg': { type: 'image/jpeg', body: photo },
  }));
});

test.afterAll(async () => {
  await site.close();
});

// The refused links answer 400; the browser logs each.
test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

test('an error of an earlier attempt goes away when the link is edited or a new attempt succeeds', async ({ page }) => {
  await registerUser(page.request, 'Stale Stella', 'stella');
  await page.goto('/pin-builder/');
  const main = page.getByRole('main');
  const field = main.getByLabel('Website link', { exact: true });
  const find = main.getByRole('button', { name: 'Find images' });

  await test.step('a link the field refuses: the message goes as the person types', async () => {
    await field.fill('not a link');
    await field.press('Enter');
    await expect(main.getByRole('alert').filter({ hasText: MESSAGES.invalidUrl })).toBeVisible();
    await expect(field).toBeFocused();
    await field.press('End');
    await field.pressSequentially('x');
    await expect(main.getByText(MESSAGES.invalidUrl)).toBeHidden();
  });

  await test.step('a page the server refuses: the message goes when the link is edited', async () => {
    await field.fill(`${site.origin}/bare`);
    await find.click();
    const refused = main.getByRole('alert').filter({ hasText: "We couldn't find any images on that page." });
    await expect(refused).toBeVisible();
    await field.fill(`${site.origin}/lak`);
    await expect(refused).toBeHidden();
  });

  await test.step('a new attempt that succeeds shows no error', async () => {
    await field.fill(`${site.origin}/bare`);
    await find.click();
    await expect(main.getByRole('alert')).toBeVisible();
    await field.fill(`${site.origin}/lake`);
    await find.click();
    await expect(main.getByRole('radiogroup', { name: 'Pick an image' }).getByRole('radio')).toHaveCount(1);
    await expect(main.getByRole('alert')).toHaveCount(0);
  });

  await test.step('a loopback link is a valid link: the page is read (these tests let the server read the loopback address)', async () => {
    const port = new URL(site.origin).port;
    await field.fill(`http://localhost:${port}/bare`);
    await field.press('Enter');
    // localhost is the fixture site; the answer is about the page, never that the link is invalid.
    await expect(main.getByRole('alert')).toBeVisible();
    await expect(main.getByText(MESSAGES.invalidUrl)).toBeHidden();
  });
});
