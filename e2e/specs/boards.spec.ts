import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, registerUser } from '../support/api';
import { NOT_FOUND_CONSOLE_LINE, expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

test('a board is made in the create-board modal, with the form explaining its rules on the way', async ({ page }) => {
  const user = await registerUser(page.request, 'Bea Boards', 'bea');
  await page.goto('/');

  await test.step('open the create menu and choose Board', async () => {
    await page.getByRole('button', { name: 'Create' }).click();
    const menu = page.getByRole('dialog', { name: MESSAGES.createMenu.addPinOrBoard });
    await expect(menu.getByRole('heading', { name: 'Create', exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: /^Website link/ })).toBeVisible();
    await expect(menu.getByRole('button', { name: /^Photo/ })).toBeVisible();
    await expect(menu.getByRole('heading', { name: 'Add', exact: true })).toBeVisible();
    await menu.getByRole('button', { name: /^Board/ }).click();
    await expect(menu).toBeHidden();
  });

  const dialog = page.getByRole('dialog', { name: 'Create board' });
  const name = dialog.getByLabel('Name');
  const create = dialog.getByRole('button', { name: 'Create' });

  await test.step('an empty name is refused', async () => {
    await expect(name).toBeFocused();
    await expect(create).toBeDisabled();
    await name.fill('Pic');
    await name.fill('');
    await expect(dialog.getByText(MESSAGES.board.nameRequired)).toBeVisible();
    await expect(create).toBeDisabled();
    // Spaces alone are no name either.
    await name.fill('   ');
    await expect(dialog.getByText(MESSAGES.board.nameRequired)).toBeVisible();
    await expect(create).toBeDisabled();
  });

  await test.step('a name over the limit is refused', async () => {
    await name.fill('A very long board name that goes on and on and on!!');
    await expect(dialog.getByText('Please enter no more than 50 characters.')).toBeVisible();
    await expect(create).toBeDisabled();
  });

  await test.step('a good name (trimmed) makes the board', async () => {
    await name.fill('  Picnic spots  ');
    await dialog.getByLabel('Description').fill('  Shady places with a view.  ');
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.board.created })).toBeVisible();
    await expect(page).toHaveURL(`/${user.username}/picnic-spots/`);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Picnic spots' })).toBeVisible();
    await expect(page.locator('#main').getByText('Shady places with a view.', { exact: true })).toBeVisible();
  });
});

test.describe('a board that is not there', () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_LINE] });

  test('offers the owner’s other boards', async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await registerUser(api, 'Nina Notfound', 'nina');
    const board = await createBoard(api, 'Sea swims');
    await createPin(api, await makePicture({ width: 400, height: 500, sky: ['#caf0f8', '#90e0ef'], ground: '#0077b6' }), {
      board_id: board.id,
      title: 'Cold water',
    });
    await api.dispose();

    await page.goto(board.url.replace('sea-swims', 'lake-swims'));
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.board.notFound })).toBeVisible();
    await expect(page.getByText("But here are some of Nina Notfound's other boards!")).toBeVisible();
    await page.getByRole('link', { name: /Sea swims/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sea swims' })).toBeVisible();
  });
});

test('/board/create/cluster/{id} opens the form; the board is made from the cluster page', async ({ page }) => {
  const user = await registerUser(page.request, 'Cora Cluster', 'cora');
  await page.goto('/board/create/cluster/123/');
  const dialog = page.getByRole('dialog', { name: 'Create board' });
  await dialog.getByLabel('Name').fill('Suggested: porches');
  const created = page.waitForRequest((request) => request.url().includes('/resource/BoardResource/create/'));
  await dialog.getByRole('button', { name: 'Create' }).click();
  expect(((await created).postDataJSON() as { options: Record<string, unknown> }).options).toMatchObject({ aux_data: { source: 'create_pin_cluster_page' } });
  await expect(page).toHaveURL(`/${user.username}/suggested-porches/`);
});
