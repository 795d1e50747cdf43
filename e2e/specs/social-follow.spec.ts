import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, registerUser, type ApiUser } from '../support/api';
import { NOT_FOUND_CONSOLE_LINE, expect, test } from '../support/fixtures';

let nora: ApiUser;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  nora = await registerUser(api, 'Nora Lindqvist', 'nora');
  await createBoard(api, 'Nordic kitchens');
  await api.dispose();
});

test('a member follows someone from their profile, sees them in the list, and unfollows', async ({ page }) => {
  const me = await registerUser(page.request, 'Omar Follows', 'omar');
  await page.goto(`/${nora.username}/`);
  await expect(page.getByRole('heading', { level: 1, name: nora.fullName })).toBeVisible();
  await expect(page.getByRole('button', { name: '0 followers' })).toBeDisabled();

  await test.step('follow: the button and the count change at once, and stay after a reload', async () => {
    const followed = page.waitForResponse((r) => r.url().includes('/resource/UserFollowResource/create/'));
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '1 follower', exact: true })).toBeEnabled();
    // Upsells follow only a follow through an invite link (a private profile), not this one:
    // none opens once the server has answered.
    expect((await followed).ok()).toBe(true);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  });

  await test.step('the followers modal lists me; closing it drops the path segment', async () => {
    await page.getByRole('button', { name: '1 follower', exact: true }).click();
    await expect(page).toHaveURL(`/${nora.username}/_followers/`);
    const dialog = page.getByRole('dialog', { name: '1 follower' });
    await expect(dialog.getByRole('link', { name: new RegExp(me.fullName) })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`/${nora.username}/`);
  });

  await test.step('my own profile counts the follow; an empty list says so', async () => {
    await page.goto(`/${me.username}/`);
    await expect(page.getByRole('button', { name: '1 following', exact: true })).toBeVisible();
    await page.goto(`/${me.username}/_followers/`);
    await expect(page.getByRole('dialog', { name: '0 followers' }).getByText(MESSAGES.emptyState.noFollowers)).toBeVisible();
  });

  await test.step('unfollow', async () => {
    await page.goto(`/${nora.username}/`);
    await page.getByRole('button', { name: 'Following', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '0 followers' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  });
});

test('a visitor is asked to log in to follow, and sees counts as plain text', async ({ page }) => {
  await page.goto(`/${nora.username}/`);
  await expect(page.getByText('0 followers')).toBeVisible();
  await expect(page.getByRole('button', { name: '0 followers' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: MESSAGES.loginPrompt.follow });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText(MESSAGES.loginPrompt.subheader)).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login/?next=${encodeURIComponent(`/${nora.username}/`)}`);
});

test.describe('profile redirects', () => {
  // The missing profile answers 404, which Chromium logs.
  test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_LINE] });

  test('a missing profile goes home with an error toast; a differently cased name is rewritten', async ({ page }) => {
    await page.goto(`/${nora.username.toUpperCase()}/_saved/`);
    await expect(page).toHaveURL(`/${nora.username}/_saved/`);
    await expect(page.getByRole('heading', { level: 1, name: nora.fullName })).toBeVisible();

    await page.goto('/nobody_by_this_name_x/');
    // The toast lasts 5 s: look for it first, then at the address it leaves behind.
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.board.notFound })).toBeVisible();
    await expect(page).toHaveURL('/');
  });
});
