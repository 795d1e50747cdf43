import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

test('the owner sorts their boards; the order is remembered', async ({ page }) => {
  const owner = await registerUser(page.request, 'Sol Sorter', 'sol');
  for (const name of ['Cherry trees', 'Apple pies', 'Banana bread']) await createBoard(page.request, name);
  await page.goto(`/${owner.username}/`);
  const boards = page.getByRole('list', { name: 'Boards' });
  await expect(boards.getByRole('link')).toHaveCount(3);

  const updated = page.waitForRequest((request) => request.url().includes('/resource/UserMetadataResource/update/'));
  await page.getByRole('button', { name: 'Sort boards' }).click();
  await page.getByRole('menuitemradio', { name: 'A to Z' }).click();
  expect(((await updated).postDataJSON() as { options: unknown }).options).toEqual({ most_recent_board_sort_order: 'alphabetical' });
  await expect(boards.getByRole('heading')).toHaveText(['Apple pies', 'Banana bread', 'Cherry trees']);

  await page.reload();
  await expect(page.getByRole('list', { name: 'Boards' }).getByRole('heading')).toHaveText(['Apple pies', 'Banana bread', 'Cherry trees']);
});

test('dense Pins on the board page: tighter, without titles, and remembered', async ({ page }) => {
  await registerUser(page.request, 'Dan Dense', 'dan');
  const board = await createBoard(page.request, 'Knitting');
  // Each Pin its own picture: one person holds one Pin of a picture per board (decision 095).
  for (const [index, title] of ['Cable scarf', 'Mittens', 'Tea cosy'].entries()) {
    await createPin(page.request, await makePicture({ width: 400, height: 500 + index * 40, sky: ['#fde2e4', '#fad2e1'], ground: '#b56576' }), {
      board_id: board.id,
      title,
    });
  }
  await page.goto(board.url);
  const pins = page.getByRole('list', { name: board.name });
  await expect(pins.getByText('Mittens', { exact: true })).toBeVisible();
  const regularWidth = (await pins.getByRole('listitem').first().boundingBox())?.width ?? 0;

  const updated = page.waitForRequest((request) => request.url().includes('/resource/UserMetadataResource/update/'));
  await page.getByRole('button', { name: 'View options' }).click();
  await page.getByRole('menuitemradio', { name: 'Compact' }).click();
  expect(((await updated).postDataJSON() as { options: unknown }).options).toEqual({ board_pin_rep_view_type: 'dense' });
  await expect(pins.getByText('Mittens', { exact: true })).toHaveCount(0);
  const denseWidth = (await pins.getByRole('listitem').first().boundingBox())?.width ?? 0;
  expect(denseWidth).toBeLessThan(regularWidth);

  await page.reload();
  await expect(page.getByRole('list', { name: board.name }).getByRole('img', { name: 'Mittens' })).toBeVisible();
  await expect(page.getByRole('list', { name: board.name }).getByText('Mittens', { exact: true })).toHaveCount(0);
});
