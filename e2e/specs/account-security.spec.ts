import type { Browser, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { registerUser, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { logIn } from '../support/session';

// A wrong current password and a too common new one are answered 400, which Chromium logs.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

/** The same person logged in in a second browser. */
async function secondBrowser(browser: Browser, user: ApiUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user);
  return { page, close: () => context.close() };
}

async function expectSignedOut(page: Page) {
  await page.reload();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Your account' })).toHaveCount(0);
}

test('changing the password from the keyboard keeps this browser logged in and logs the others out', async ({ page, browser }) => {
  const user = await registerUser(page.request, 'Pat Password', 'patpw');
  const other = await secondBrowser(browser, user);
  await page.goto('/settings/account-settings/');
  await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();

  const current = page.getByLabel('Current password');
  const fresh = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');

  await test.step('a wrong current password is named at its field', async () => {
    await current.focus();
    await page.keyboard.type('not my password');
    await page.keyboard.press('Tab');
    await expect(fresh).toBeFocused();
    await page.keyboard.type('a new and long passphrase');
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.type('a new and long passphrase');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Your current password is not right.' })).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('the two new passwords must agree, and a common one is refused', async () => {
    await current.fill(user.password);
    await confirm.fill('something else entirely');
    await confirm.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'The two new passwords are not the same.' })).toBeVisible();
    await fresh.fill('Password123');
    await confirm.fill('Password123');
    await confirm.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'That password is too common. Please choose one that is harder to guess.' })).toBeVisible();
    await expect(fresh).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('the right current password changes it', async () => {
    await fresh.fill('a new and long passphrase');
    await confirm.fill('a new and long passphrase');
    await page.getByRole('button', { name: 'Change password' }).press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Your password was changed. You were logged out on 1 other device.' })).toBeVisible();
    await expect(current).toHaveValue('');
  });

  await test.step('this browser is still logged in, the other one is not', async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
    await expectSignedOut(other.page);
    await logIn(other.page, { username: user.username, password: 'a new and long passphrase' });
  });
  await other.close();
});

test('"Log out of all devices" asks first, then logs out everywhere, this browser too', async ({ page, browser }) => {
  const user = await registerUser(page.request, 'Lou Logout', 'louall');
  const other = await secondBrowser(browser, user);
  await page.goto('/settings/account-settings/');

  const button = page.getByRole('button', { name: 'Log out of all devices' });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Log out of all devices?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Log out everywhere' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'You were logged out on all devices' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(page.getByRole('button', { name: 'Your account' })).toHaveCount(0);
  await expectSignedOut(other.page);
  await other.close();
});

test('turning two-factor sign-in on logs the other browsers out; turning it off asks for the password', async ({ page, browser }) => {
  const user = await registerUser(page.request, 'Tia Twofactor', 'tiatf');
  const other = await secondBrowser(browser, user);
  const codeOf = (secret: string, steps = 0) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

  let secret = '';
  await test.step('turn it on: the other browser is logged out, this one is not', async () => {
    await page.goto('/settings/security/');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText(/^On since .*10 recovery codes left\.$/)).toBeVisible();
    await expectSignedOut(other.page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
  });

  await test.step('turn it off: a wrong password is named at its field and leaves it on', async () => {
    await expect(page.getByText('To turn it off, enter your password and a code from the app, or a recovery code.')).toBeVisible();
    const password = page.getByLabel('Your password');
    await password.fill('not my password');
    await page.getByLabel('Code from the app, or a recovery code').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Your password is not right.')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/^On since /)).toBeVisible();
  });

  await test.step('with the right password and a code it is off', async () => {
    await page.getByLabel('Your password').fill(user.password);
    await page.getByLabel('Code from the app, or a recovery code').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Two-factor authentication is off')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
  });
  await other.close();
});
