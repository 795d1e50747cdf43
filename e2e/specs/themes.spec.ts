import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createBoard, createPin, registerUser, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

/**
 * Light and dark (decision 063): every page passes axe's WCAG 2.1 A and AA
 * rules in both themes, the page follows the device's colour scheme, and a
 * theme chosen in Settings wins from the first paint on.
 */
let owner: ApiUser;
let board: { url: string };
let pinId: string;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  owner = await registerUser(api, 'Theo Themes', 'theo');
  const made = await createBoard(api, 'Evening colours', 'Dusk and dawn');
  board = made;
  for (let i = 0; i < 4; i++) {
    const pin = await createPin(api, await makePicture({ width: 400, height: 300 + i * 60, ...PALETTES[i % PALETTES.length]! }), { board_id: made.id, title: `Colour study ${i + 1}`, description: 'Layers of light' });
    pinId ??= pin.id;
  }
  await api.dispose();
});

async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

const PAGES: { name: string; path: () => string; signedIn: boolean; ready: (page: Page) => Promise<void> }[] = [
  { name: 'log in', path: () => '/login/', signedIn: false, ready: (p) => p.getByRole('button', { name: 'Log in' }).first().waitFor() },
  { name: 'signed-out board', path: () => board.url, signedIn: false, ready: (p) => p.getByRole('heading', { level: 1, name: 'Evening colours' }).waitFor() },
  { name: 'home feed', path: () => '/', signedIn: true, ready: (p) => p.getByRole('button', { name: 'Your account' }).waitFor() },
  { name: 'profile', path: () => `/${owner.username}/`, signedIn: true, ready: (p) => p.getByRole('heading', { level: 1, name: 'Theo Themes' }).waitFor() },
  { name: 'board', path: () => board.url, signedIn: true, ready: (p) => p.getByRole('heading', { level: 1, name: 'Evening colours' }).waitFor() },
  { name: 'Pin closeup', path: () => `/pin/${pinId}/`, signedIn: true, ready: (p) => p.getByRole('heading', { name: 'Colour study 1' }).first().waitFor() },
  { name: 'search results', path: () => '/search/?q=colour', signedIn: true, ready: (p) => p.getByRole('link', { name: /Colour study/ }).first().waitFor() },
  { name: 'account settings', path: () => '/settings/account-settings/', signedIn: true, ready: (p) => p.getByLabel('Theme').waitFor() },
  { name: 'Today', path: () => '/today/', signedIn: true, ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor() },
];

for (const scheme of ['light', 'dark'] as const) {
  test(`every page passes axe in the ${scheme} theme`, async ({ page }) => {
    // Nine pages, each analysed whole: generous on a busy machine (a bound, not a goal).
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: scheme });
    let signedIn = false;
    for (const p of PAGES) {
      if (p.signedIn && !signedIn) {
        await page.goto('/login/');
        await page.getByLabel('Email or username').fill(owner.username);
        await page.getByLabel('Password').fill(owner.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByRole('button', { name: 'Your account' }).waitFor();
        signedIn = true;
      }
      await test.step(p.name, async () => {
        await page.goto(p.path());
        await p.ready(page);
        // The page is drawn in the scheme asked for.
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).toBe(scheme === 'dark' ? 'rgb(18, 18, 18)' : 'rgb(255, 255, 255)');
        expect(await axeViolations(page), `${p.name} in ${scheme}`).toEqual([]);
      });
    }
  });
}

test.describe('a chosen theme', () => {
  // The first-paint check loads a page with the app's scripts refused.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: net::ERR_FAILED/] });

  test('wins over the device, from the first paint, in every tab', async ({ page, context }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await registerUser(page.request, 'Dana Dark', 'dana');
    await page.goto('/settings/account-settings/');
    const other = await context.newPage();
    await other.emulateMedia({ colorScheme: 'light' });
    await other.goto('/');
    await page.getByLabel('Theme').selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 18, 18)');
    // The other tab follows at once.
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');

    // A new load is dark before the app runs: the first HTML's own line sets it.
    await page.route('**/assets/**/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.unroute('**/assets/**/*.js');

    await page.goto('/settings/account-settings/');
    await page.getByLabel('Theme').selectOption('system');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  });
});
