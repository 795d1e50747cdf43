import { createBoard, createPin, registerUser, uniqueSuffix } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

test('choosing a board the search field suggests opens that board with its Pins', async ({ page }) => {
  await registerUser(page.request, 'Bea Baker', 'bea');
  // A name no other test's board has: a name several boards share leads to board results instead (decision 057).
  const name = `Sourdough baking ${uniqueSuffix()}`;
  const board = await createBoard(page.request, name);
  await createPin(page.request, await makePicture({ width: 600, height: 760, sky: ['#fefae0', '#faedcd'], ground: '#d4a373' }), {
    board_id: board.id,
    title: 'Country loaf with an open crumb',
  });

  await page.goto('/');
  const field = page.getByRole('combobox', { name: 'Search' });
  await field.fill('sourdo');
  const option = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name });
  await expect(option).toBeVisible();
  await option.click();

  await expect(page).toHaveURL(board.url);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Country loaf with an open crumb' }).first()).toBeVisible();
  await expect(page.getByText("couldn't find any Pins")).toHaveCount(0);
});
