import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { joinExperiments } from '../support/session';
import { makePicture } from '../support/images';

test('on a board the create menu adds a section; on the section it says so', async ({ page }) => {
  await registerUser(page.request, 'Cleo Create', 'cleo');
  const board = await createBoard(page.request, 'Balcony garden');
  await page.goto(board.url);

  await page.getByRole('button', { name: 'Create' }).click();
  const menu = page.getByRole('dialog', { name: MESSAGES.createMenu.addPinOrSection });
  await menu.getByRole('button', { name: /^Section/ }).click();
  await expect(page).toHaveURL(`/board/${board.id}/create_section/`);

  const dialog = page.getByRole('dialog', { name: 'Create section' });
  await dialog.getByLabel('Section name').fill('Herbs');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Section “Herbs” created' })).toBeVisible();
  await expect(page).toHaveURL(`${board.url}herbs/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Herbs' })).toBeVisible();

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.createMenu.addToSection })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('link', { name: 'Balcony garden' }).click();
  await expect(page.getByRole('region', { name: 'Sections' }).getByRole('link', { name: /Herbs/ })).toBeVisible();
});

test('Photo: the picked image goes to the create page and is published from there', async ({ page }) => {
  await registerUser(page.request, 'Pia Photo', 'pia');
  await page.goto('/');
  await page.getByRole('button', { name: 'Create' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('dialog', { name: MESSAGES.createMenu.addPinOrBoard })
    .getByRole('button', { name: /^Photo/ })
    .click();
  const photo = await makePicture({ width: 640, height: 480, sky: ['#caf0f8', '#90e0ef'], ground: '#0077b6' });
  await (await chooser).setFiles({ name: 'lake.jpg', mimeType: 'image/jpeg', buffer: photo });

  await expect(page).toHaveURL(/\/pin\/create\/uploaded\/\?draft=[a-z0-9]+$/);
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Lake at noon');
  const published = page.waitForRequest((request) => request.url().includes('/resource/PinResource/create/'));
  await page.getByRole('button', { name: 'Publish' }).click();
  const body = (await published).postDataJSON() as { options: Record<string, string> };
  expect(body.options.method).toBe('uploaded');
  expect(body.options.image_base64).toMatch(/^data:image\/jpeg;base64,/);
  await expect(page).toHaveURL(/\/pin\/\d+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lake at noon' })).toBeVisible();
});

test('while publishing is switched off, Photo and Website open the disabled-publishing modal', async ({ page }) => {
  await registerUser(page.request, 'Dora Disabled', 'dora');
  // The server's experiment groups put this viewer in pin_creation: disable_web_pins.
  await joinExperiments(page, { pin_creation: 'disable_web_pins' });
  await page.goto('/');

  for (const item of [/^Photo/, /^Website link/]) {
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog', { name: MESSAGES.createMenu.addPinOrBoard }).getByRole('button', { name: item }).click();
    const oops = page.getByRole('dialog', { name: MESSAGES.disabledPublishing.heading });
    await expect(oops.getByText(MESSAGES.disabledPublishing.body)).toBeVisible();
    await oops.getByRole('button', { name: MESSAGES.disabledPublishing.dismiss }).click();
    await expect(oops).toBeHidden();
  }
});

test.describe('on a small phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the link field has the short placeholder', async ({ page }) => {
    await registerUser(page.request, 'Nell Narrow', 'nell');
    await page.goto('/');
    await page.getByRole('button', { name: 'Create' }).click();
    const menu = page.getByRole('dialog', { name: MESSAGES.createMenu.addPinOrBoard });
    await menu.getByRole('button', { name: /^Website link/ }).click();
    await expect(menu.getByLabel('Website link', { exact: true })).toHaveAttribute('placeholder', 'Paste a link');
  });
});
