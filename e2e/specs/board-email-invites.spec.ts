import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, inviteByEmail, registerUser, uniqueSuffix } from '../support/api';
import { expect, NOT_FOUND_CONSOLE_LINE, test } from '../support/fixtures';
import { lastBoardInviteLink, mailsTo } from '../support/outbox';

// A secret board answers 404 to the signed-out visitor until they join, which Chromium logs.
test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_LINE] });

test('the owner invites an address; the mailed link, opened signed out, names the inviter; signing up from it joins the board', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerUser(page.request, 'Olive Owner', 'olive');
  const board = await createBoard(page.request, 'Surprise party', '', 'secret');
  const username = `nia_${uniqueSuffix()}`.slice(0, 30);
  const email = `${username}@example.com`;

  await test.step('the owner types the address into the people search and invites it', async () => {
    await page.goto(board.url);
    await page.getByRole('button', { name: 'Edit board' }).click();
    await page.getByRole('dialog', { name: 'Edit your board' }).getByRole('button', { name: 'Manage collaborators' }).click();
    const dialog = page.getByRole('dialog', { name: 'Collaborators' });
    const search = dialog.getByRole('searchbox', { name: 'Search by name, username or email' });
    await search.fill(email.slice(0, 8));
    await expect(dialog.getByRole('button', { name: `Invite ${email}` })).toHaveCount(0);
    await search.fill(email.toUpperCase());
    const invited = page.waitForRequest((request) => request.url().includes('/resource/BoardInviteResource/create/'));
    await dialog.getByRole('button', { name: `Invite ${email}` }).click();
    expect(((await invited).postDataJSON() as { options: unknown }).options).toEqual({ board_id: board.id, emails: [email] });
    await expect(page.getByRole('alert').filter({ hasText: `Invited ${email}` })).toBeVisible();
    await expect(search).toHaveValue('');
    // The pending invite is listed by its address, dimmed, with a way to cancel it.
    const row = dialog.getByRole('list', { name: 'People on this board' }).getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('Invited');
    await expect(row).toHaveAttribute('data-status', 'new');
    await expect(row.getByRole('button', { name: `Cancel the invite for ${email}` })).toBeVisible();
    await expect.poll(() => mailsTo(email).length).toBe(1);
    expect(mailsTo(email)[0]?.subject).toBe('Olive Owner invited you to collaborate on Surprise party');
  });

  const link = lastBoardInviteLink(email);
  expect(link.startsWith(`${board.url}?accept_invite=`)).toBe(true);

  // The invitee's own browser, signed out.
  const context = await browser.newContext({ baseURL });
  const guest = await context.newPage();

  await test.step('signed out, the link asks to log in, naming the inviter by first name', async () => {
    await guest.goto(link);
    const prompt = guest.getByRole('dialog', { name: 'Olive invited you to join their board' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByText(MESSAGES.loginPrompt.subheader)).toBeVisible();
    // The secret board itself stays hidden.
    await expect(guest.getByRole('heading', { name: 'Surprise party' })).toHaveCount(0);
    const token = encodeURIComponent(decodeURIComponent(link.split('accept_invite=')[1]!));
    const back = encodeURIComponent(`${board.url}?accept_invite=${token}&seamless=true`);
    await expect(prompt.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login/?next=${back}`);
    await prompt.getByRole('link', { name: 'Sign up' }).click();
  });

  await test.step('signing up leads back to the board, now as a collaborator', async () => {
    await guest.getByLabel('Email').fill(email);
    await guest.getByLabel('Password').fill('correct horse battery');
    await guest.getByLabel('Username').fill(username);
    await guest.getByLabel('Full name').fill('Nia New');
    await guest.getByRole('button', { name: 'Sign up' }).click();
    // The interests step (decision 089), then on to the board.
    for (const topic of ['Art', 'Travel', 'Weddings']) await guest.getByRole('button', { name: topic, exact: true }).click();
    await guest.getByRole('button', { name: 'Next' }).click();
    await expect(guest.getByRole('alert').filter({ hasText: MESSAGES.boardInvite.accepted })).toBeVisible();
    await expect(guest).toHaveURL(board.url);
    await expect(guest.getByRole('heading', { level: 1, name: 'Surprise party' })).toBeVisible();
    await expect(guest.getByText('Olive Owner and Nia New')).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Edit board' })).toBeVisible();
  });

  await test.step('the link was used up: opened again signed out it no longer names anyone', async () => {
    const visitor = await browser.newContext({ baseURL });
    try {
      const other = await visitor.newPage();
      await other.goto(link);
      await expect(other.getByRole('dialog', { name: MESSAGES.loginPrompt.boardInvite })).toBeVisible();
    } finally {
      await visitor.close();
    }
  });
  await context.close();

  await test.step('the owner sees the new collaborator by name', async () => {
    await page.reload();
    await page.getByRole('button', { name: /On this board: Olive Owner and Nia New/ }).click();
    const row = page
      .getByRole('dialog', { name: 'Collaborators' })
      .getByRole('list', { name: 'People on this board' })
      .getByRole('listitem')
      .filter({ hasText: 'Nia New' });
    await expect(row).toHaveAttribute('data-status', 'accepted');
  });
});

test('a signed-in person opening the link gets the invite card; logging in from the prompt joins at once', async ({ page, browser, playwright, baseURL }) => {
  await registerUser(page.request, 'Ada Owner', 'ada');
  const board = await createBoard(page.request, 'Book club');

  await test.step('signed in, the link of an address that has an account shows the invite card and leaves the address', async () => {
    const context = await browser.newContext({ baseURL });
    try {
      const guestPage = await context.newPage();
      const guest = await registerUser(context.request, 'Gus Guest', 'gus');
      await inviteByEmail(page.request, board.id, [guest.email]);
      await expect.poll(() => mailsTo(guest.email).filter((m) => m.subject.includes('Book club')).length).toBe(1);
      await guestPage.goto(lastBoardInviteLink(guest.email));
      const card = guestPage.getByRole('region', { name: 'Ada Owner invited you to collaborate on Book club' });
      await expect(card).toBeVisible();
      await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
      await expect(guestPage).toHaveURL(board.url);
    } finally {
      await context.close();
    }
  });

  await test.step('signed out, logging in from the prompt returns to the board with accept_invite and seamless, and joins', async () => {
    const friendApi = await playwright.request.newContext({ baseURL });
    const friend = await registerUser(friendApi, 'Fran Friend', 'fran');
    await friendApi.dispose();
    const address = `fran.${uniqueSuffix()}@elsewhere.example`;
    await inviteByEmail(page.request, board.id, [address]);
    await expect.poll(() => mailsTo(address).length).toBe(1);
    const visitor = await browser.newContext({ baseURL });
    try {
      const other = await visitor.newPage();
      await other.goto(lastBoardInviteLink(address));
      await other.getByRole('dialog', { name: 'Ada invited you to join their board' }).getByRole('link', { name: 'Log in' }).click();
      await expect(other).toHaveURL(/\/login\/\?next=/);
      const next = new URL(other.url()).searchParams.get('next') ?? '';
      expect(next).toMatch(new RegExp(`^${board.url}\\?accept_invite=[\\w%-]+&seamless=true$`));
      await other.getByLabel('Email or username').fill(friend.username);
      await other.getByLabel('Password').fill(friend.password);
      await other.getByRole('button', { name: 'Log in' }).click();
      await expect(other.getByRole('alert').filter({ hasText: MESSAGES.boardInvite.accepted })).toBeVisible();
      await expect(other).toHaveURL(board.url);
      await expect(other.getByText('Ada Owner and Fran Friend')).toBeVisible();
    } finally {
      await visitor.close();
    }
  });
});
