import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

test('choosing a board the search field suggests opens that board with its Pins', async ({ page }) => {
  const me = await registerUser(page.request, 'Bea Baker', 'bea');
  const board = await createBoard(page.request, 'Sourdough baking');
  await createPin(page.request, await makePicture({ width: 600, height: 760, sky: ['#fefae0', '#faedcd'], ground: '#d4a373' }), {
    board_id: board.id,
    title: 'Country loaf with an open crumb',
  });

  await page.goto('/');
  const field = page.getByRole('combobox', { name: 'Search' });
  await field.fill('sourdo');
  const option = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: 'Sourdough baking' });
  await expect(option).toBeVisible();
  await option.click();

  await expect(page).toHaveURL(`/${me.username}/sourdough-baking/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sourdough baking' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Country loaf with an open crumb' }).first()).toBeVisible();
  await expect(page.getByText("couldn't find any Pins")).toHaveCount(0);
});
