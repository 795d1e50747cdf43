import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, registerUser } from '../support/api';
import { serveFixtureSite, type FixtureSite } from '../support/fixturePage';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

let site: FixtureSite;

test.beforeAll(async () => {
  const photo = await makePicture({ width: 600, height: 800, sky: ['#ffd6a5', '#ffadad'], ground: '#9d0208' });
  const other = await makePicture({ width: 400, height: 300, sky: ['#e9edc9', '#ccd5ae'], ground: '#606c38' });
  site = await serveFixtureSite((origin) => ({
    '/recipes/tomato-tart': {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head>
        <title>Tomato tart | A small kitchen</title>
        <meta property="og:title" content="Tomato tart with thyme">
        <meta property="og:description" content="Ripe tomatoes on puff pastry, baked until golden.">
        <meta property="og:image" content="${origin}/images/tart.jpg">
        <meta property="og:image:width" content="600"><meta property="og:image:height" content="800">
      </head><body><h1>Tomato tart</h1><img src="/images/garden.jpg" width="400" height="300" alt="The herb garden"></body></html>`,
    },
    '/images/tart.jpg': { type: 'image/jpeg', body: photo },
    '/images/garden.jpg': { type: 'image/jpeg', body: other },
  }));
});

test.afterAll(async () => {
  await site.close();
});

test('a Pin is made from a website link: Create, Website link, the Pin builder, the page’s picture, Publish', async ({ page }) => {
  await registerUser(page.request, 'Wen Website', 'wen');
  const board = await createBoard(page.request, 'Weeknight dinners');
  const link = `${site.origin}/recipes/tomato-tart`;
  await page.goto('/');

  await test.step('Create → Website link, an invalid link first', async () => {
    await page.getByRole('button', { name: 'Create' }).click();
    const menu = page.getByRole('dialog', { name: MESSAGES.createMenu.addPinOrBoard });
    await menu.getByRole('button', { name: /^Website link/ }).click();
    const field = menu.getByLabel('Website link', { exact: true });
    await expect(field).toBeFocused();
    await field.fill('not a link');
    await menu.getByRole('button', { name: 'Next' }).click();
    await expect(menu.getByRole('alert').filter({ hasText: MESSAGES.invalidUrl })).toBeVisible();
    // Focusing the field again clears the message.
    await field.click();
    await expect(menu.getByText(MESSAGES.invalidUrl)).toBeHidden();
    await field.fill(link);
    await field.press('Enter');
  });

  await test.step('the Pin builder finds the page’s images, the og:image first', async () => {
    await expect(page).toHaveURL('/pin-builder/');
    await expect(page.getByRole('main').getByLabel('Website link')).toHaveValue(link);
    const images = page.getByRole('radiogroup', { name: 'Pick an image' });
    await expect(images.getByRole('radio')).toHaveCount(2);
    await expect(images.getByRole('radio').first()).toHaveAccessibleName(/^Image 1 of 2: the page’s preview image/);
    // The pictures of the other site show through the server's preview (the CSP allows our own origin only).
    const previews = images.locator('img');
    await expect(previews).toHaveCount(2);
    await expect(previews.first()).toHaveAttribute('src', /^\/v3\/pin-builder\/image-preview\/\?url=/);
    await expect.poll(() => previews.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(236);
    await images.getByRole('radio', { name: /preview image/ }).check();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Tomato tart with thyme');
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Ripe tomatoes on puff pastry, baked until golden.');
  });

  await test.step('publish it to a board', async () => {
    await page.getByLabel('Board', { exact: true }).selectOption({ label: board.name });
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(/\/pin\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tomato tart with thyme' })).toBeVisible();
    await expect(page.getByRole('link', { name: '127.0.0.1' })).toHaveAttribute('href', link);
  });

  await test.step('the Pin is on the board, with the picture from the page', async () => {
    await page.getByRole('link', { name: board.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: board.name })).toBeVisible();
    const pin = page.getByRole('list', { name: board.name }).getByRole('img', { name: 'Tomato tart with thyme' });
    await expect(pin).toBeVisible();
    expect(await pin.evaluate((img: HTMLImageElement) => img.naturalHeight > img.naturalWidth)).toBe(true);
  });
});
