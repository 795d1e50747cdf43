import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';

// The wrong code typed on purpose (400), and the log-in that asks for a code (401).
test.use({ allowedConsoleErrors: [/the server responded with a status of 40[01]/] });

const SHOTS = new URL('../../docs/screenshots/issue-11/', import.meta.url).pathname;

async function call(request: APIRequestContext, name: string, action: 'create' | 'update' | 'delete', options: Record<string, unknown>) {
  const token = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const method = { create: 'post', update: 'put', delete: 'delete' } as const;
  const response = await request[method[action]](`/resource/${name}/${action}/`, { headers: { 'X-CSRFToken': token }, data: { options } });
  expect(response.ok(), `${name} ${action}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { resource_response: { data: unknown } }).resource_response.data;
}

/** The code an authenticator app shows for this secret, `steps` time steps from now. */
const codeOf = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

test('a publisher turns on two-factor sign-in, logs in with a code, switches to the business and creates a board as it', async ({
  page,
  playwright,
  browser,
  baseURL,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  // The business, with its own session, gives the person access once both are business accounts.
  const shopApi = await playwright.request.newContext({ baseURL });
  const shop = await registerUser(shopApi, 'Harbor Goods', 'harbor');
  await call(shopApi, 'BusinessAccountResource', 'create', {});
  const person = await registerUser(page.request, 'Mia Publisher', 'mia');
  await call(page.request, 'BusinessAccountResource', 'create', {});
  await call(shopApi, 'BusinessAccessResource', 'create', { business_id: shop.id, username: person.username, permissions: ['PROFILE_PUBLISHER'] });

  await test.step('without two-factor sign-in the business cannot be chosen', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Acting as Mia Publisher. Switch profile' }).click();
    const item = page.getByRole('menuitem', { name: /Harbor Goods/ });
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await expect(item).toContainText('Turn on two-factor authentication to act for this business');
    await page.keyboard.press('Escape');
  });

  let secret = '';
  await test.step('enrol: scan the QR code (here: read the key), type the code, keep the recovery codes', async () => {
    await page.goto('/settings/security/');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    await page.screenshot({ path: `${SHOTS}mfa-enrolment.png` });
    await page.getByLabel('Code from the app').fill('000000' === codeOf(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText(/code: that code is not right/)).toBeVisible();
    await page.getByLabel('Code from the app').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.screenshot({ path: `${SHOTS}mfa-recovery-codes.png` });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText(/^On since .*10 recovery codes left\.$/)).toBeVisible();
  });

  await test.step('log out and in again: the code is asked for', async () => {
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    // Signed out first: the log-in page sends someone still signed in home.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.goto('/login/');
    await page.getByLabel('Email or username').fill(person.username);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const code = page.getByLabel('Two-factor code');
    await expect(code).toBeVisible();
    // The code the enrolment used is never taken again: the app's next one is.
    await code.fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
  });

  await test.step('switch to the business in the header', async () => {
    await page.getByRole('button', { name: 'Acting as Mia Publisher. Switch profile' }).click();
    const item = page.getByRole('menuitem', { name: /Harbor Goods/ });
    await expect(item).toContainText('Profile publisher');
    await page.screenshot({ path: `${SHOTS}business-switcher.png` });
    await item.click();
    await expect(page.getByText("You're now acting as Harbor Goods")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Acting as Harbor Goods. Switch profile' })).toBeVisible();
  });

  await test.step('create a secret board as the business: its address names the business, and the page reads it as the business', async () => {
    await page.goto('/board/create/');
    await expect(page.getByText('Creating as Harbor Goods')).toBeVisible();
    await page.getByLabel('Name').fill('Autumn launch');
    await page.getByLabel('Keep this board secret').check();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${shop.username}/autumn-launch/\\?orbac_subject_id=${shop.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Autumn launch' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}board-created-as-business.png` });
  });

  await test.step("the business's owner sees the board and who made it", async () => {
    const boards = await shopApi.get(`/resource/BoardsResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { username: shop.username } }))}`);
    const list = ((await boards.json()) as { resource_response: { data: { name: string; privacy: string }[] } }).resource_response.data;
    expect(list.find((b) => b.name === 'Autumn launch')?.privacy).toBe('secret');
    const shopPage = await browser.newContext({ baseURL, storageState: await shopApi.storageState() });
    const owner = await shopPage.newPage();
    await owner.goto('/settings/business-access/');
    // A new browser context downloads the app afresh: on a busy machine that takes a while.
    await expect(owner.getByText(`@${person.username} · Two-factor on`)).toBeVisible({ timeout: 30_000 });
    await expect(owner.getByText(`@${person.username} created a board`)).toBeVisible();
    await owner.screenshot({ path: `${SHOTS}business-access-people.png`, fullPage: true });
    await shopPage.close();
  });
  await shopApi.dispose();
});
