import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { createBoard, createPin, createSection, registerUser, type ApiBoard, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

/**
 * The JavaScript of a first visit (empty cache) to the home feed and to a
 * profile stays within 150 KB gzipped (docs/decisions/017). Every script
 * response until network idle counts: its body gzipped at level 9 whatever
 * the server sent, and the bytes actually sent, which are compressed
 * (Brotli or gzip, written at build time). Sizes only, never timings.
 */
const BUDGET = 150 * 1024;

let owner: ApiUser;
let visitor: ApiUser;
let sectionBoard: ApiBoard;

test.beforeAll(async ({ playwright, baseURL }) => {
  const ownerApi = await playwright.request.newContext({ baseURL });
  owner = await registerUser(ownerApi, 'Paula Weight', 'weight');
  const board = await createBoard(ownerApi, 'Light things');
  for (const [index, title] of ['Paper lanterns', 'Linen curtains', 'Glass jars', 'Feather mobile'].entries()) {
    const palette = PALETTES[index % PALETTES.length] ?? PALETTES[0]!;
    await createPin(ownerApi, await makePicture({ width: 600, height: 760 + index * 40, ...palette }), { board_id: board.id, title });
  }
  // A board with sections: its sections strip comes in its own request after the board.
  sectionBoard = await createBoard(ownerApi, 'Rooms by season');
  for (const [index, title] of ['Spring', 'Summer', 'Autumn'].entries()) {
    const section = await createSection(ownerApi, sectionBoard.id, title);
    const palette = PALETTES[index % PALETTES.length] ?? PALETTES[0]!;
    await createPin(ownerApi, await makePicture({ width: 600, height: 700, ...palette }), {
      board_id: sectionBoard.id,
      section_id: section.id,
      title: `${title} room`,
    });
  }
  for (const [index, title] of ['Window seat', 'Reading nook', 'Tiled hallway', 'Open shelves', 'Plant corner', 'Wool rug'].entries()) {
    const palette = PALETTES[(index + 1) % PALETTES.length] ?? PALETTES[0]!;
    await createPin(ownerApi, await makePicture({ width: 600, height: 700 + index * 50, ...palette }), { board_id: sectionBoard.id, title });
  }
  await ownerApi.dispose();
  const visitorApi = await playwright.request.newContext({ baseURL });
  visitor = await registerUser(visitorApi, 'Vera Visitor', 'visitor');
  await visitorApi.dispose();
});

/** Signs the context in through the API, so the page itself is the first thing the browser loads. */
async function logIn(context: BrowserContext, user: ApiUser) {
  const request: APIRequestContext = context.request;
  await request.get('/'); // a page sets the CSRF cookie (/healthz sets none)
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await request.post('/resource/UserSessionResource/create/', {
    headers: { 'X-CSRFToken': csrf },
    data: { options: { username_or_email: user.username, password: user.password } },
  });
  expect(response.ok(), 'logging in').toBe(true);
}

interface Script {
  url: string;
  gzip: number;
  sent: number;
  encoding: string;
}

/** Opens `path` in a fresh context (empty cache) and returns every script it loaded until network idle. */
async function firstVisit(browser: Browser, baseURL: string, path: string, user: ApiUser | null, ready: (page: Page) => Promise<void>, locale?: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, ...(locale ? { locale } : {}) });
  if (user) await logIn(context, user);
  const page = await context.newPage();
  const pending: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          url: new URL(response.url()).pathname,
          gzip: gzipSync(body, { level: 9 }).length,
          sent: sizes.responseBodySize,
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
        };
      })(),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page);
  const scripts = await Promise.all(pending);
  await context.close();
  return scripts;
}

function expectWithinBudget(scripts: Script[]) {
  const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const sent = scripts.reduce((sum, script) => sum + script.sent, 0);
  const listing = scripts.map((s) => `${s.url} ${s.gzip} B gzipped, ${s.sent} B sent (${s.encoding})`).join('\n');
  console.log(`${test.info().title}: ${(gzip / 1024).toFixed(1)} KB gzipped, ${(sent / 1024).toFixed(1)} KB sent`);
  expect(scripts.length, 'scripts loaded').toBeGreaterThan(0);
  expect(gzip, `gzipped JavaScript of the first visit:\n${listing}`).toBeLessThanOrEqual(BUDGET);
  expect(sent, `JavaScript sent for the first visit:\n${listing}`).toBeLessThanOrEqual(BUDGET);
  for (const script of scripts) expect(['br', 'gzip'], `${script.url} is sent compressed`).toContain(script.encoding);
}

test('the home feed, signed in, loads at most 150 KB of gzipped JavaScript', async ({ browser, baseURL }) => {
  const scripts = await firstVisit(browser, baseURL!, '/', owner, async (page) => {
    await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
    await expect(page.locator('article').first()).toBeVisible();
  });
  expectWithinBudget(scripts);
});

test('a profile, signed out, loads at most 150 KB of gzipped JavaScript', async ({ browser, baseURL }) => {
  const scripts = await firstVisit(browser, baseURL!, `/${owner.username}/`, null, async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: owner.fullName })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  });
  expectWithinBudget(scripts);
});

test('a profile, signed out, in Japanese, loads at most 150 KB of gzipped JavaScript', async ({ browser, baseURL }) => {
  // Another locale's first-paint catalogue comes on top of the en-US one (decision 042).
  const scripts = await firstVisit(
    browser,
    baseURL!,
    `/${owner.username}/`,
    null,
    async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: owner.fullName })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    },
    'ja-JP',
  );
  expectWithinBudget(scripts);
});

test('a profile, signed in, loads at most 150 KB of gzipped JavaScript', async ({ browser, baseURL }) => {
  const scripts = await firstVisit(browser, baseURL!, `/${owner.username}/`, visitor, async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: owner.fullName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
  });
  expectWithinBudget(scripts);
});

test("the owner's own profile loads at most 150 KB of gzipped JavaScript", async ({ browser, baseURL }) => {
  const scripts = await firstVisit(browser, baseURL!, `/${owner.username}/`, owner, async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: owner.fullName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
    // What only the owner sees: their profile's own actions, past the first paint.
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  });
  expectWithinBudget(scripts);
});

/**
 * Layout shift of a first visit (CLS ≤ 0.02, the page path's goal): a signed-in page's first HTML carries
 * its Viewer, so the side rail and the header are laid out for that person from the first paint.
 */
const signedInHeader = (page: Page) => expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
for (const [name, path, user, ready] of [
  ['the home feed, signed in', () => '/', () => owner, signedInHeader],
  ['a profile, signed in', () => `/${owner.username}/`, () => visitor, signedInHeader],
  [
    'a board with sections, signed in',
    () => sectionBoard.url,
    () => visitor,
    async (page: Page) => {
      await signedInHeader(page);
      // Measured once the sections and the board's Pins are in.
      await expect(page.getByRole('region', { name: 'Sections' }).getByRole('link', { name: /Autumn/ })).toBeVisible();
      await expect(page.getByRole('img', { name: /Wool rug/ })).toBeVisible();
    },
  ],
] as const) {
  test(`${name}, does not shift its layout as it loads`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 800 } });
    await logIn(context, user());
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      Object.defineProperty(window, '__shifts', { value: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
          if (!entry.hadRecentInput)
            shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => (s.node as Element | null)?.outerHTML.slice(0, 80) ?? '?') });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path(), { waitUntil: 'networkidle' });
    await ready(page);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
    const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
    console.log(`${name}: CLS ${cls.toFixed(4)}`);
    expect(cls, `layout shifts:\n${shifts.map((s) => `${s.value.toFixed(4)} ${s.sources.join(' | ')}`).join('\n')}`).toBeLessThanOrEqual(0.02);
    await context.close();
  });
}
