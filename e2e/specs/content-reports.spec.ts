import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';
import { logIn } from '../support/session';

const OUT = new URL('../../docs/screenshots/content-reports/', import.meta.url).pathname;
const PHONE = { width: 390, height: 844 };

// The removed Pin answers 404, which Chromium logs.
test.use({ allowedConsoleErrors: [/the server responded with a status of 404/] });

test('a person reports a Pin from its closeup; staff see it in the queue with its image, remove it, and it is gone for others', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const ownerApi = await playwright.request.newContext({ baseURL });
  await registerUser(ownerApi, 'Otto Owner', 'otto');
  const board = await createBoard(ownerApi, 'Wonder cures');
  const pin = await createPin(ownerApi, await makePicture({ width: 600, height: 800, sky: ['#ffd6a5', '#fdffb6'], ground: '#a0c4ff' }), {
    board_id: board.id,
    title: 'Cure everything with magnets',
  });
  await ownerApi.dispose();

  const reporterApi = await playwright.request.newContext({ baseURL });
  const reporter = await registerUser(reporterApi, 'Rita Reporter', 'rita');
  await reporterApi.dispose();
  const staffApi = await playwright.request.newContext({ baseURL });
  await staffApi.get('/');
  const staffCsrf = (await staffApi.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const staff = { username: 'moderator', password: 'correct horse battery' };
  const signedUp = await staffApi.post('/resource/UserRegisterResource/create/', {
    headers: { 'X-CSRFToken': staffCsrf },
    data: { options: { email: 'moderator@example.com', full_name: 'Mo Moderator', ...staff } },
  });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  await staffApi.dispose();

  await test.step('the reporter reports the Pin from its closeup menu', async () => {
    await logIn(page, reporter);
    await page.goto(`/pin/${pin.id}/`);
    await page.getByRole('button', { name: 'More options' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Hide Pin', 'Download image', 'Report Pin']);
    await menu.getByRole('menuitem', { name: 'Report Pin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report Pin' });
    await expect(dialog.getByRole('radio')).toHaveCount(10);
    await expect(dialog.getByRole('button', { name: 'Report' })).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Misinformation' }).check();
    await page.screenshot({ path: `${OUT}report-pin-desktop.png` });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${OUT}report-pin-phone.png` });
    await dialog.getByRole('button', { name: 'Report' }).click();
    await expect(page.getByText('Thanks for reporting this Pin. We’ll review it.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await test.step('staff see the report in the queue with the Pin’s image and remove the Pin', async () => {
    await logIn(staffPage, staff);
    await staffPage.goto('/reports-and-violations/queue/');
    const card = staffPage.getByTestId('queue-item').filter({ hasText: 'Cure everything with magnets' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('misinformation');
    const image = card.getByRole('img', { name: 'Image of the reported Pin' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await card.scrollIntoViewIfNeeded();
    await staffPage.screenshot({ path: `${OUT}queue-pin-desktop.png` });
    await staffPage.setViewportSize(PHONE);
    await card.scrollIntoViewIfNeeded();
    await staffPage.screenshot({ path: `${OUT}queue-pin-phone.png` });
    await card.getByRole('button', { name: 'Decide' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Decide this report' });
    await dialog.getByRole('radio', { name: 'Remove' }).check();
    await dialog.getByLabel('Statement of reasons').fill('The Pin makes false health claims.');
    await dialog.getByRole('button', { name: 'Send decision' }).click();
    await expect(staffPage.getByText('Decision sent to both sides.')).toBeVisible();
    await expect(card).toHaveCount(0);
  });
  await staffContext.close();

  await test.step('the Pin is gone for others', async () => {
    await page.goto(`/pin/${pin.id}/`);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.board.notFound })).toBeVisible();
    await expect(page.getByText('Cure everything with magnets')).toHaveCount(0);
    expect((await page.request.get(pin.images['236x']!.url)).status()).toBe(404);
  });
});
