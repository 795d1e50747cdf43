import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, registerUser, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { inviteCode, updateProfile } from '../support/social';

let paula: ApiUser;
let invitePath: string;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  paula = await registerUser(api, 'Paula Quiet', 'paula');
  await updateProfile(api, { is_private_profile: true });
  await createBoard(api, 'Garden notebook');
  invitePath = (await inviteCode(api)).url;
  await api.dispose();
});

// Following without a valid invite code answers 403, which Chromium logs.
test.use({ allowedConsoleErrors: [/the server responded with a status of (403|404)/] });

test('a private profile shows only its notice, and an invite link lets one follow it', async ({ page }) => {
  await registerUser(page.request, 'Ivo Invited', 'ivo');

  await test.step('without an invite: the notice, no Follow, no boards', async () => {
    await page.goto(`/${paula.username}/`);
    await expect(page.getByRole('heading', { level: 1, name: paula.fullName })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Private profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: MESSAGES.profile.privateTitle })).toBeVisible();
    await expect(page.getByText(MESSAGES.profile.privateBody)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Share profile' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Garden notebook/ })).toHaveCount(0);
  });

  await test.step('through the invite link: Follow, then the content and a share upsell', async () => {
    await page.goto(invitePath);
    await expect(page.getByRole('heading', { name: MESSAGES.profile.privateTitle })).toBeVisible();
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    const upsell = page.getByRole('dialog', { name: `You're following ${paula.fullName}` });
    await expect(upsell).toBeVisible();
    await upsell.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByRole('link', { name: /Garden notebook/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: MESSAGES.profile.privateTitle })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  });
});

test('a wrong invite code sends one home with the server’s message', async ({ page }) => {
  await registerUser(page.request, 'Wes Wrong', 'wes');
  await page.goto(`/${paula.username}/?invite_code=not-the-code`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('alert').filter({ hasText: 'This profile is private' })).toBeVisible();

  await page.goto('/invited/?invite_code=not-the-code');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('alert').filter({ hasText: "That invite link isn't valid any more." })).toBeVisible();
});

test('the owner of a private profile shares an invite link instead of the profile', async ({ page }) => {
  await page.goto('/login/');
  await page.getByLabel('Email or username').fill(paula.username);
  await page.getByLabel('Password').fill(paula.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
  await page.goto(`/${paula.username}/`);
  await expect(page.getByRole('link', { name: /Garden notebook/ })).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite people to follow you' });
  await expect(dialog.getByLabel('Invite link')).toHaveValue(new RegExp(`/${paula.username}/\\?invite_code=`));
});
