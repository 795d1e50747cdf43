import { registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';

/** Where the screenshots go for a person to look at (not the repository). */
const SHOTS = process.env.OAUTH_SHOTS_DIR;

test('OAuth apps: register an app, allow it on the consent page, then revoke it in Settings → Security', async ({ page, baseURL }) => {
  await registerUser(page.request, 'Devi Developer', 'oadev');
  const origin = new URL(baseURL!).origin;
  const redirectUri = `${origin}/oauth-callback/`;
  let clientId = '';
  let clientSecret = '';

  await test.step('a person registers an app at /developers/apps/ and sees its secret once', async () => {
    await page.goto('/developers/apps/');
    await expect(page.getByRole('heading', { name: 'Your apps', level: 1 })).toBeVisible();
    await expect(page.getByText("You haven't registered an app yet.")).toBeVisible();
    await page.getByRole('button', { name: 'Register an app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register an app' });
    await expect(dialog.getByLabel('App name')).toBeFocused();
    await page.keyboard.type('Pin Scheduler');
    await page.keyboard.press('Tab');
    await page.keyboard.type(redirectUri);
    await dialog.getByRole('button', { name: 'Register an app' }).click();

    const secret = page.getByRole('dialog', { name: 'Your client secret' });
    await expect(secret.getByText(/shown only this once/)).toBeVisible();
    clientId = await secret.getByLabel('Client ID').inputValue();
    clientSecret = await secret.getByLabel('Client secret').inputValue();
    expect(clientId).toMatch(/^\d+$/);
    expect(`${clientId}:${clientSecret}`.length).toBeLessThanOrEqual(57);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/secret-desktop.png` });
    await secret.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('heading', { name: 'Pin Scheduler', level: 2 })).toBeVisible();
    await expect(page.getByText(redirectUri)).toBeVisible();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/apps-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/apps-phone.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  const consent = `/oauth/?client_id=${clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=boards:read,pins:read&state=e2e-state`;

  await test.step('the consent page shows the app and its scopes in plain words', async () => {
    await page.goto(consent);
    await expect(page.getByRole('heading', { name: 'Pin Scheduler wants to use your account' })).toBeVisible();
    await expect(page.getByText('See your public boards, including group boards you joined')).toBeVisible();
    await expect(page.getByText('See your public Pins')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deny' })).toBeVisible();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/consent-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/consent-phone.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  await test.step('Allow goes back to the redirect URI with a code first and the state; the code buys tokens', async () => {
    await page.route(`${redirectUri}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Callback</title><p>Back at the app</p>' }),
    );
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/oauth-callback\/\?code=[A-Za-z0-9._~-]+&state=e2e-state$/);
    const code = new URL(page.url()).searchParams.get('code')!;
    const answer = await page.request.post('/v5/oauth/token', {
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
      form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
    });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ token_type: 'bearer', scope: 'boards:read,pins:read', response_type: 'authorization_code' });
  });

  await test.step('revoking in Settings → Security lists it no more', async () => {
    await page.goto('/settings/security/');
    const section = page.getByRole('region', { name: 'Connected apps' });
    await expect(section.getByText('Pin Scheduler')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/connected-desktop.png`, fullPage: true });
    await section.getByRole('button', { name: 'Revoke Pin Scheduler' }).click();
    await page.getByRole('button', { name: 'Revoke access' }).click();
    await expect(section.getByText('No apps are connected to your account.')).toBeVisible();
    await expect(section.getByText('Pin Scheduler')).toHaveCount(0);
  });
});
