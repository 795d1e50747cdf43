import { MESSAGES } from '@pinboard/shared/constants/messages';
import { addCollaborator, createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';
import { logIn } from '../support/session';

test('the owner edits a board: name, description, secret, cover; then deletes it and restores it from the profile', async ({ page }) => {
  const owner = await registerUser(page.request, 'Edda Editor', 'edda');
  const board = await createBoard(page.request, 'Kitchen');
  // Each Pin its own picture: one person holds one Pin of a picture per board (decision 095).
  for (const [index, title] of ['Open shelves', 'Tiles'].entries()) {
    await createPin(page.request, await makePicture({ width: 500, height: 600 + index * 40, sky: ['#ffe8d6', '#ddbea9'], ground: '#6b705c' }), {
      board_id: board.id,
      title,
    });
  }
  await page.goto(board.url);
  await page.getByRole('button', { name: 'Edit board' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit your board' });
  const name = dialog.getByLabel('Name');
  const done = dialog.getByRole('button', { name: 'Done' });

  await test.step('the same rules as for a new board', async () => {
    await expect(name).toHaveValue('Kitchen');
    await name.fill('');
    await expect(dialog.getByText(MESSAGES.board.nameRequired)).toBeVisible();
    await expect(done).toBeDisabled();
    await name.fill('K'.repeat(51));
    await expect(dialog.getByText('Please enter no more than 50 characters.')).toBeVisible();
    await expect(done).toBeDisabled();
  });

  await test.step('rename, describe, make secret and pick the cover', async () => {
    await name.fill('  Dream kitchen ');
    await dialog.getByLabel('Description').fill('Warm wood and green tiles.');
    await dialog.getByRole('checkbox', { name: /Keep this board secret/ }).check();
    await dialog.getByRole('radio', { name: 'Use “Open shelves” as the cover' }).check();
    const saved = page.waitForRequest((request) => request.url().includes('/resource/BoardResource/update/'));
    await done.click();
    const body = (await saved).postDataJSON() as { options: Record<string, unknown> };
    expect(body.options).toMatchObject({ board_id: board.id, name: 'Dream kitchen', description: 'Warm wood and green tiles.', privacy: 'secret' });
    expect(body.options.cover_pin_id).toMatch(/^\d+$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Board saved' })).toBeVisible();
    await expect(page).toHaveURL(`/${owner.username}/dream-kitchen/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dream kitchen' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Secret board' }).first()).toBeVisible();
  });

  await test.step('delete it, told how long it can be restored', async () => {
    await page.getByRole('button', { name: 'Edit board' }).click();
    await dialog.getByRole('button', { name: 'Delete board' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this board?' });
    await expect(confirm.getByText('You have 7 days to restore a deleted Board. After that, it will be permanently deleted.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Deleted Dream kitchen' })).toBeVisible();
    await expect(page).toHaveURL(`/${owner.username}/`);
  });

  await test.step('restore it from the profile', async () => {
    const deleted = page.getByRole('region', { name: 'Recently deleted boards' });
    await expect(deleted.getByText('Dream kitchen')).toBeVisible();
    await expect(deleted.getByText('2 Pins · 7 days left to restore')).toBeVisible();
    await deleted.getByRole('button', { name: 'Restore Dream kitchen' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Restored Dream kitchen' })).toBeVisible();
    await expect(deleted).toBeHidden();
    await page.goto(`/${owner.username}/dream-kitchen/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dream kitchen' })).toBeVisible();
  });
});

test('a collaborator may only change their email setting', async ({ page, playwright, baseURL }) => {
  const helper = await playwright.request.newContext({ baseURL });
  const collaborator = await registerUser(helper, 'Carl Collab', 'carl');
  const owner = await playwright.request.newContext({ baseURL });
  await registerUser(owner, 'Olive Owner', 'olive');
  const board = await createBoard(owner, 'Shared recipes');
  await addCollaborator(owner, helper, board.id, collaborator.id);
  await owner.dispose();
  await helper.dispose();

  await logIn(page, collaborator);
  await page.goto(board.url);
  await page.getByRole('button', { name: 'Edit board' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit your board' });
  await expect(dialog.getByText("Only the board's owner (Olive Owner) can manage the rest of its features")).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveCount(0);
  const email = dialog.getByRole('checkbox', { name: /Email notifications/ });
  await expect(email).toBeChecked();
  await email.uncheck();
  const saved = page.waitForRequest((request) => request.url().includes('/resource/BoardResource/update/'));
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect(((await saved).postDataJSON() as { options: unknown }).options).toEqual({ board_id: board.id, collab_board_email: false });
  await expect(page.getByRole('alert').filter({ hasText: 'Board saved' })).toBeVisible();
});
