import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test as base, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { EXTENSION_CLIENT } from '@pinboard/shared/schemas/oauth';
import { createBoard, createSection, registerUser } from '../support/api';
import { serveStrictCspPage } from '../support/strictCspPage';

/**
 * The browser extension (decision 101), built into apps/extension/dist/chromium (`npm run build`), loaded
 * unpacked into Debian's Chromium in a persistent context; Chromium's new headless mode runs extensions.
 */
const EXTENSION_DIR = new URL('../../apps/extension/dist/chromium', import.meta.url).pathname;

const test = base.extend<{ extension: { context: BrowserContext; worker: Worker; problems: string[] } }>({
  extension: async ({ baseURL }, use) => {
    if (!existsSync(`${EXTENSION_DIR}/manifest.json`)) throw new Error('Build the extension first: npm run build -w apps/extension');
    const context = await chromium.launchPersistentContext('', {
      baseURL,
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1280, height: 800 },
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // Every page of the context fails the test on a console error or an uncaught error.
    const problems: string[] = [];
    const watch = (page: Page) => {
      // (The fixture site has no favicon: the browser's own request for it answers 404.)
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) problems.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    };
    context.pages().forEach(watch);
    context.on('page', watch);
    await use({ context, worker, problems });
    await context.close();
    expect(problems, 'errors in the browser console').toEqual([]);
  },
});

let site: Awaited<ReturnType<typeof serveStrictCspPage>>;

test.beforeAll(async () => {
  site = await serveStrictCspPage();
});

test.afterAll(async () => {
  await site.close();
});

/** Opens the strict-CSP page in a tab, and the picker for that tab (what the toolbar button and "Save image" open). */
async function openPicker({ context, worker }: { context: BrowserContext; worker: Worker }) {
  const shop = await context.newPage();
  await shop.goto(site.pageUrl);
  await expect.poll(() => shop.evaluate(() => (document.querySelector('img[srcset]') as HTMLImageElement).complete)).toBe(true);
  // The tab's id, as the toolbar button or the context menu hands it to the picker.
  const tabId = await worker.evaluate(async (url) => {
    const tabs = (globalThis as unknown as { chrome: { tabs: { query: (query: { url: string }) => Promise<{ id?: number }[]> } } }).chrome.tabs;
    return (await tabs.query({ url }))[0]?.id;
  }, site.pageUrl);
  expect(tabId).toBeGreaterThan(0);
  const picker = await context.newPage();
  await picker.goto(`chrome-extension://${EXTENSION_CLIENT.chromiumId}/picker.html?tab=${tabId}`);
  return { shop, picker };
}

test('the extension loads, its worker starts, and its picker lists a strict-CSP page’s pictures, the largest first', async ({ extension }) => {
  expect(extension.worker.url()).toBe(`chrome-extension://${EXTENSION_CLIENT.chromiumId}/background.js`);
  const { shop, picker } = await openPicker(extension);
  const before = await shop.evaluate(() => document.documentElement.outerHTML);

  const pictures = picker.getByRole('list', { name: 'Pick a picture' }).getByRole('button');
  await expect(pictures).toHaveCount(2);
  await expect(pictures.nth(0)).toHaveAccessibleName('Picture 1 of 2, 1200 × 1600, Pink roses');
  await expect(pictures.nth(0)).toHaveAttribute('data-url', site.large);
  await expect(pictures.nth(1)).toHaveAccessibleName('Picture 2 of 2, 640 × 360, The rose arch');
  await expect(pictures.nth(1)).toHaveAttribute('data-url', site.background);
  await expect
    .poll(() =>
      picker
        .locator('.tile img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(1200);
  await picker.setViewportSize({ width: 420, height: 640 });
  await picker.screenshot({ path: '/tmp/save-anywhere-extension-picker.png' });
  const axe = await new AxeBuilder({ page: picker }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // Read in an isolated world: the page is as it was.
  expect(await shop.evaluate(() => document.documentElement.outerHTML)).toBe(before);

  // Choosing a picture while signed out asks for the server and signing in.
  await pictures.nth(0).click();
  await expect(picker.getByRole('heading', { name: 'Sign in to your Pinboard' })).toBeVisible();
  await expect(picker.getByLabel('Server address')).toBeFocused();
  await picker.screenshot({ path: '/tmp/save-anywhere-extension-sign-in.png' });
});

/*
 * Signing in and saving need the OAuth consent page (/oauth/), the token endpoint (/v5/oauth/token) and the
 * v5 paths of the server: GET /v5/boards, GET /v5/boards/{id}/sections, POST /v5/pins and
 * GET /v5/pinboard/already_saved (decision 101).
 */
test('signing in through the consent page with PKCE, then saving a picture to a chosen section; the same picture shows “Already saved”', async ({
  extension,
  baseURL,
}) => {
  const { context } = extension;
  const person = await registerUser(context.request, 'Esme Extension', 'esme');
  const board = await createBoard(context.request, 'Climbing roses');
  await createBoard(context.request, 'Kitchen ideas');
  const section = await createSection(context.request, board.id, 'For the arch');
  const { picker } = await openPicker(extension);

  await test.step('choose the large picture, then sign in: the consent page, Allow', async () => {
    await picker.getByRole('button', { name: /^Picture 1 of 2/ }).click();
    await picker.getByLabel('Server address').fill(baseURL!);
    const consentOpened = context.waitForEvent('page');
    await picker.getByRole('button', { name: 'Sign in' }).click();
    // The identity API shows its window only once the consent page has loaded; a page that fails to load ends the flow at once.
    const failed = picker
      .getByRole('alert')
      .filter({ hasText: 'Signing in didn’t work' })
      .waitFor({ timeout: 30_000 })
      .then(
        () => {
          throw new Error('The consent page (/oauth/) did not load, so the sign-in window never opened.');
        },
        // No such alert: the consent window opened (this wait ends with the test's browser).
        () => new Promise<never>(() => undefined),
      );
    const consent = await Promise.race([consentOpened, failed]);
    await expect(consent).toHaveURL(/\/oauth\/\?.*code_challenge_method=S256/);
    const url = new URL(consent.url());
    expect(url.searchParams.get('client_id')).toBe(EXTENSION_CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(EXTENSION_CLIENT.redirectUris[0]);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // The person is signed in to the web app in this browser; should the consent page ask, they log in there.
    const allow = consent.getByRole('button', { name: /allow/i });
    const logIn = consent.getByLabel('Email or username');
    await expect(allow.or(logIn)).toBeVisible();
    if (await logIn.isVisible()) {
      await logIn.fill(person.username);
      await consent.getByLabel('Password').fill(person.password);
      await consent.getByRole('button', { name: 'Log in' }).click();
    }
    await consent.screenshot({ path: '/tmp/save-anywhere-extension-consent.png' });
    await allow.click();
  });

  await test.step('choose the board by searching, then its section; edit the title and save', async () => {
    await expect(picker.getByLabel('Title', { exact: true })).toHaveValue('Old roses | A small nursery');
    await picker.getByLabel('Search your boards').fill('climb');
    const boards = picker.getByRole('radiogroup', { name: 'Board' });
    await expect(boards.getByRole('radio')).toHaveCount(1);
    await boards.getByRole('radio', { name: board.name }).check();
    await expect(picker.getByLabel('Section')).toBeEnabled();
    await picker.getByLabel('Section').selectOption({ label: section.title });
    await picker.getByLabel('Title', { exact: true }).fill('Pink roses for the arch');
    await picker.getByLabel('Description', { exact: true }).fill('Scented, and they climb.');
    await picker.screenshot({ path: '/tmp/save-anywhere-extension-details.png' });
    await picker.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(picker.getByRole('heading', { name: `Saved to ${board.name} / ${section.title}` })).toBeVisible();
    await expect(picker.getByRole('link', { name: 'See the Pin' })).toHaveAttribute('href', /\/pin\/\d+\/$/);
  });

  await test.step('the Pin is in the section', async () => {
    const page = await context.newPage();
    await page.goto(section.url);
    await expect(page.getByRole('link', { name: /Pink roses for the arch/ }).first()).toBeVisible();
  });

  await test.step('the same picture again: the last-used board first, and “Already saved to {board}”', async () => {
    const { picker: again } = await openPicker(extension);
    await again.getByRole('button', { name: /^Picture 1 of 2/ }).click();
    await expect(again.getByText(`Already saved to ${board.name}`)).toBeVisible();
    await expect(again.getByRole('radiogroup', { name: 'Board' }).getByRole('radio').first()).toHaveAccessibleName(board.name);
  });
});
