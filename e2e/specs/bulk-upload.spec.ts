/**
 * Bulk upload in the Pin creation tool (decision 098): several images are
 * chosen at once, uploaded with tus a few at a time, processed into drafts,
 * and published together onto a board; an exact duplicate is left out.
 */
import { createBoard, registerUser } from '../support/api';
import { makePicture, PALETTES } from '../support/images';
import { expect, test } from '../support/fixtures';

test('choose several images, watch them become drafts, and publish them together onto a board', async ({ page }) => {
  test.setTimeout(120_000);
  await registerUser(page.request, 'Bea Bulk', 'beabulk');
  const board = await createBoard(page.request, 'Holiday pictures');
  const pictures = await Promise.all(PALETTES.slice(0, 3).map((palette) => makePicture({ width: 480, height: 600, ...palette })));

  await page.goto('/pin-creation-tool/');
  await page.getByRole('button', { name: 'Upload many images' }).click();
  await expect(page.getByRole('heading', { name: 'Upload up to 200 images' })).toBeVisible();
  await page.getByLabel('Choose images').setInputFiles([
    { name: 'beach.jpg', mimeType: 'image/jpeg', buffer: pictures[0]! },
    { name: 'hills.jpg', mimeType: 'image/jpeg', buffer: pictures[1]! },
    { name: 'lake.jpg', mimeType: 'image/jpeg', buffer: pictures[2]! },
    { name: 'beach-again.jpg', mimeType: 'image/jpeg', buffer: pictures[0]! },
  ]);

  // Each becomes a draft with its status; the same bytes twice are an exact duplicate.
  await expect(page.getByText('Ready', { exact: true })).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByText('Exact duplicate: left out')).toHaveCount(1);
  const saved = page.waitForResponse((r) => r.url().includes('/resource/BulkUploadResource/update/') && r.ok());
  await page.getByRole('textbox', { name: 'Title of hills.jpg' }).fill('Green hills');
  await page.getByRole('textbox', { name: 'Title of hills.jpg' }).press('Tab');
  await saved;

  await page.getByLabel('Board', { exact: true }).selectOption(board.id);
  await page.getByRole('button', { name: 'Publish 3 Pins' }).click();
  await expect(page.getByText('3 Pins published 1 exact duplicate was left out')).toBeVisible();

  await page.goto(board.url);
  await expect(page.getByRole('img', { name: 'Green hills' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Pin by Bea Bulk' })).toHaveCount(2);
});
