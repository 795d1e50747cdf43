import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, createSection, inviteToBoard, registerUser } from '../support/api';
import { expect, NOT_FOUND_CONSOLE_LINE, test } from '../support/fixtures';
import { makePicture } from '../support/images';

test('the owner invites someone from the board editor; they accept and save into the board', async ({ page, browser, baseURL }) => {
  // The invitee's own browser; signing up through it signs it in.
  const context = await browser.newContext({ baseURL });
  const guestPage = await context.newPage();
  const guest = await registerUser(context.request, 'Gus Guest', 'gus');
  await registerUser(page.request, 'Olive Owner', 'olive');
  const board = await createBoard(page.request, 'Road trip');
  const ideas = await createBoard(page.request, 'Ideas');
  const pin = await createPin(page.request, await makePicture({ width: 500, height: 600, sky: ['#cdb4db', '#ffc8dd'], ground: '#264653' }), {
    board_id: ideas.id,
    title: 'Desert highway',
  });

  await test.step('the owner finds the person and invites them', async () => {
    await page.goto(board.url);
    await page.getByRole('button', { name: 'Edit board' }).click();
    await page.getByRole('dialog', { name: 'Edit your board' }).getByRole('button', { name: 'Manage collaborators' }).click();
    const dialog = page.getByRole('dialog', { name: 'Collaborators' });
    await expect(dialog.getByText('To invite someone by email, type their address', { exact: false })).toBeVisible();
    await dialog.getByRole('searchbox', { name: 'Search by name, username or email' }).fill('Gus');
    const invited = page.waitForRequest((request) => request.url().includes('/resource/BoardInviteResource/create/'));
    await dialog.getByRole('list', { name: 'People to invite' }).getByRole('button', { name: 'Invite Gus Guest' }).click();
    expect(((await invited).postDataJSON() as { options: unknown }).options).toEqual({ board_id: board.id, invited_user_ids: [guest.id] });
    await expect(page.getByRole('alert').filter({ hasText: 'Invited Gus Guest' })).toBeVisible();
    // The pending invite is listed, dimmed, with a way to cancel it.
    const row = dialog.getByRole('list', { name: 'People on this board' }).getByRole('listitem').filter({ hasText: 'Gus Guest' });
    await expect(row).toContainText('Invited');
    await expect(row).toHaveAttribute('data-status', 'new');
    await expect(row.getByRole('button', { name: 'Cancel the invite for Gus Guest' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'People to invite' }).getByRole('button', { name: 'Invite Gus Guest' })).toBeHidden();
  });

  await test.step('the invitee sees the invite on the board page and accepts it', async () => {
    await guestPage.goto(board.url);
    const invite = guestPage.getByRole('region', { name: 'Olive Owner invited you to collaborate on Road trip' });
    await expect(invite).toBeVisible();
    await invite.getByRole('button', { name: 'Accept' }).click();
    await expect(guestPage.getByRole('alert').filter({ hasText: MESSAGES.boardInvite.accepted })).toBeVisible();
    await expect(invite).toBeHidden();
    await expect(guestPage.getByText('Olive Owner and Gus Guest')).toBeVisible();
    await expect(guestPage.getByRole('button', { name: 'Edit board' })).toBeVisible();
  });

  await test.step('the new collaborator saves a Pin into the board', async () => {
    await guestPage.goto(`/pin/${pin.id}/`);
    await guestPage
      .getByRole('article', { name: 'Desert highway' })
      .getByRole('button', { name: /^Saved?$/ })
      .click();
    const picker = guestPage.getByRole('dialog', { name: 'Choose a board to save to' });
    await picker.getByRole('option', { name: /Road trip/ }).click();
    await expect(guestPage.getByRole('alert').filter({ hasText: 'Saved to Road trip' })).toBeVisible();
    await guestPage.goto(board.url);
    await expect(guestPage.getByRole('list', { name: 'Road trip' }).getByRole('img', { name: 'Desert highway' })).toBeVisible();
  });
  await context.close();

  await test.step('the owner sees the collaborator and can remove them', async () => {
    await page.reload();
    await page.getByRole('button', { name: /On this board: Olive Owner and Gus Guest/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Collaborators' });
    const row = dialog.getByRole('list', { name: 'People on this board' }).getByRole('listitem').filter({ hasText: 'Gus Guest' });
    await expect(row).toHaveAttribute('data-status', 'accepted');
    await row.getByRole('button', { name: 'Remove Gus Guest' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Removed Gus Guest' })).toBeVisible();
    await expect(row).toBeHidden();
  });
});

test.describe('an invite to a secret board', () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_LINE] });

  test('names the board to its invitee, who may decline it', async ({ page, playwright, baseURL }) => {
    const owner = await playwright.request.newContext({ baseURL });
    await registerUser(owner, 'Sara Secret', 'sara');
    const board = await createBoard(owner, 'Surprise party', '', 'secret');
    const guest = await registerUser(page.request, 'Dan Decliner', 'dan');
    await inviteToBoard(owner, board.id, [guest.id]);
    await owner.dispose();

    await page.goto(board.url);
    const invite = page.getByRole('region', { name: 'Sara Secret invited you to collaborate on Surprise party' });
    await expect(invite).toBeVisible();
    await invite.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.boardInvite.declined })).toBeVisible();
    await expect(invite).toBeHidden();
    await expect(page.getByRole('heading', { name: MESSAGES.board.notFound })).toBeVisible();
  });
});

test('sections are renamed, moved and deleted from the board page; their Pins stay on the board', async ({ page }) => {
  await registerUser(page.request, 'Sue Sections', 'sue');
  const board = await createBoard(page.request, 'Kitchen');
  const tiles = await createSection(page.request, board.id, 'Tiles');
  await createSection(page.request, board.id, 'Taps');
  await createPin(page.request, await makePicture({ width: 500, height: 500, sky: ['#f1faee', '#a8dadc'], ground: '#457b9d' }), {
    board_id: board.id,
    section_id: tiles.id,
    title: 'Blue tiles',
  });
  await page.goto(board.url);
  const strip = page.getByRole('region', { name: 'Sections' });
  const cards = strip.getByRole('listitem');
  const dialog = page.getByRole('dialog', { name: 'Edit your section' });

  await test.step('rename, checked like the server checks it', async () => {
    // The page may still be taking in its reads as the menu first opens, which can close it: open it again until
    // its item is chosen.
    await expect(async () => {
      await strip.getByRole('button', { name: 'Options for section Tiles' }).click();
      await page.getByRole('menuitem', { name: 'Edit section' }).click({ timeout: 5_000 });
      await expect(dialog).toBeVisible({ timeout: 5_000 });
    }).toPass();
    const name = dialog.getByLabel('Name');
    const done = dialog.getByRole('button', { name: 'Done' });
    await expect(name).toHaveValue('Tiles');
    await name.fill('   ');
    await expect(dialog.getByText('Give your section a name.')).toBeVisible();
    await expect(done).toBeDisabled();
    await name.fill('x'.repeat(181));
    await expect(dialog.getByText('Please enter no more than 180 characters.')).toBeVisible();
    await expect(done).toBeDisabled();
    await name.fill('Wall tiles');
    await done.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Section saved' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cards.first()).toContainText('Wall tiles');
  });

  await test.step('move a section with the keyboard', async () => {
    await strip.getByRole('button', { name: 'Options for section Taps' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Move right' })).toBeDisabled();
    await page.getByRole('menuitem', { name: 'Move left' }).press('Enter');
    await expect(cards.first()).toContainText('Taps');
    await page.reload();
    await expect(cards.first()).toContainText('Taps');
  });

  await test.step('delete asks first, then moves its Pins to the board', async () => {
    await strip.getByRole('button', { name: 'Options for section Wall tiles' }).click();
    await page.getByRole('menuitem', { name: 'Edit section' }).click();
    await dialog.getByRole('button', { name: 'Delete section' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this section?' });
    await expect(confirm.getByText('Its 1 Pin moves to the board “Kitchen”.', { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Section “Wall tiles” deleted' })).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(page.getByText('1 section', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Kitchen' }).getByRole('img', { name: 'Blue tiles' })).toBeVisible();
  });
});
