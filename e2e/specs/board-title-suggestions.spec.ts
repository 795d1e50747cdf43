import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

const OUT = new URL('../../docs/screenshots/content-reports/', import.meta.url).pathname;

test('saving with few boards, the create-board step offers names from the Pin; choosing one fills the name', async ({ page, playwright, baseURL }) => {
  const ownerApi = await playwright.request.newContext({ baseURL });
  await registerUser(ownerApi, 'Olga Oven', 'olga');
  const board = await createBoard(ownerApi, 'Sourdough baking');
  const pin = await createPin(ownerApi, await makePicture({ width: 600, height: 760, sky: ['#fefae0', '#faedcd'], ground: '#d4a373' }), {
    board_id: board.id,
    title: 'Country loaf with an open crumb',
    description: 'A long sourdough bake',
  });
  await ownerApi.dispose();

  await registerUser(page.request, 'Nils New', 'nils');
  await page.goto(`/pin/${pin.id}/`);
  const closeup = page.getByRole('article', { name: 'Country loaf with an open crumb' });
  await closeup.getByRole('button', { name: 'Save', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a board to save to' });
  await picker.getByRole('button', { name: 'Create board' }).click();
  const suggestions = picker.getByTestId('board-name-suggestions');
  await expect(suggestions).toContainText('Suggested names');
  await expect(suggestions.getByRole('button', { name: 'Country loaf', exact: true })).toBeVisible();
  await expect(suggestions.getByRole('button', { name: 'Sourdough baking', exact: true })).toBeVisible();
  await expect(suggestions.getByRole('button', { name: 'Baking', exact: true })).toBeVisible();
  await suggestions.getByRole('button', { name: 'Country loaf', exact: true }).click();
  await expect(picker.getByLabel('Name')).toHaveValue('Country loaf');
  await page.screenshot({ path: `${OUT}board-title-suggestions-desktop.png` });

  const saved = page.waitForRequest((request) => request.url().includes('/resource/RepinResource/create/'));
  await picker.getByRole('button', { name: 'Create', exact: true }).click();
  await saved;
  await expect(page.getByRole('alert').filter({ hasText: 'Saved to Country loaf' })).toBeVisible();
});
