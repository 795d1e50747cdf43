import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { createBoard, createIdeaPin, createPin, createSection, registerUser, type ApiUser } from '../support/api';
import { expect, NOT_FOUND_CONSOLE_LINE, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';
import { sendMessage } from '../support/social';

/**
 * Light and dark (decision 063): every page passes axe's WCAG 2.1 A and AA
 * rules in the light theme and its colour rules in the dark one (each page is
 * loaded once and analysed in both: the device's scheme changes under it),
 * the page follows the device's colour scheme, and a theme chosen in Settings
 * wins from the first paint on. The file is named to come first: its one long
 * test runs beside the other specs, not after them.
 *
 * Every kind of page of apps/web/src/router.tsx is analysed, each role in one
 * signed-in browser context of its own (signed out, a person, a business, a
 * moderator). Not analysed here, and why:
 * - a password-reset page and a notifications page: the router has neither;
 * - /pin/create/{method}/ with a photo: the photo comes from the create menu in
 *   the tab's navigation state (a file chooser), so it is analysed without one
 *   (what a reload without the draft shows); its form is the same details and
 *   board fields as the Pin creation tool's, analysed at /pin-creation-tool/;
 * - /invited/: it has no page of its own; it redeems the code and moves on to
 *   the inviter's profile, or home with the server's message.
 */
type Role = 'signedOut' | 'person' | 'business' | 'staff';
interface Fixture {
  person: ApiUser;
  business: ApiUser;
  board: { id: string; url: string };
  section: { url: string };
  pinId: string;
  ideaPinId: string;
  conversationId: string;
  advertiserId: string;
  articleUrl: string;
}
let f: Fixture;
const states: Partial<Record<Role, Awaited<ReturnType<APIRequestContext['storageState']>>>> = {};

async function call<T>(api: APIRequestContext, resource: string, options: Record<string, unknown>): Promise<T> {
  const token = (await api.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await api.post(`/resource/${resource}/create/`, { headers: { 'X-CSRFToken': token }, data: { options } });
  expect(response.ok(), `${resource}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { resource_response: { data: T } }).resource_response.data;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL });
  const person = await registerUser(api, 'Theo Themes', 'theo');
  const board = await createBoard(api, 'Evening colours', 'Dusk and dawn');
  const section = await createSection(api, board.id, 'Blue hour');
  const pins: string[] = [];
  for (let i = 0; i < 4; i++) {
    const pin = await createPin(api, await makePicture({ width: 400, height: 300 + i * 60, ...PALETTES[i % PALETTES.length]! }), {
      board_id: board.id,
      title: `Colour study ${i + 1}`,
      description: 'Layers of light',
    });
    pins.push(pin.id);
  }
  const ideaPin = await createIdeaPin(api, board.id, 'Mixing a sunset', [
    { image: await makePicture({ width: 600, height: 1000, ...PALETTES[1]! }), text: 'Start with orange' },
    { image: await makePicture({ width: 600, height: 1000, ...PALETTES[2]! }), text: 'Then a band of violet' },
  ]);
  states.person = await api.storageState();

  const shop = await playwright.request.newContext({ baseURL });
  const business = await registerUser(shop, 'Dusk Paints Co', 'duskpaint');
  await call(shop, 'BusinessAccountResource', {});
  const advertiser = await call<{ id: string }>(shop, 'AdvertiserResource', { name: 'Dusk Paints ads', country: 'US', currency: 'USD' });
  states.business = await shop.storageState();
  const conversation = await sendMessage(api, [business.id], 'Do you sell the violet?');

  // The moderator of this spec (STAFF_USERNAMES in playwright.config.ts), who also writes a Today story.
  const staff = await playwright.request.newContext({ baseURL });
  await staff.get('/');
  const staffToken = (await staff.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const signedUp = await staff.post('/resource/UserRegisterResource/create/', {
    headers: { 'X-CSRFToken': staffToken },
    data: { options: { username: 'themes_staff', password: 'correct horse battery', email: 'themes_staff@example.com', full_name: 'Tess Staff' } },
  });
  // The staff name is fixed (the server's staff list names it): a second run of this setup (a worker started again
  // after a failure) finds the account made by the first, and logs in.
  if (!signedUp.ok()) {
    const loggedIn = await staff.post('/resource/UserSessionResource/create/', {
      headers: { 'X-CSRFToken': staffToken },
      data: { options: { username_or_email: 'themes_staff', password: 'correct horse battery' } },
    });
    expect(loggedIn.ok(), 'the moderator signs up, or logs in when a first run made the account').toBe(true);
  }
  const article = await call<{ url: string }>(staff, 'TodayArticleResource', {
    kind: 'best',
    title: 'Colours of the evening',
    body: 'Four studies of light.',
    pin_ids: pins,
  });
  states.staff = await staff.storageState();

  f = {
    person,
    business,
    board,
    section,
    pinId: pins[0]!,
    ideaPinId: ideaPin.id,
    conversationId: conversation.id,
    advertiserId: advertiser.id,
    articleUrl: article.url,
  };
  for (const c of [api, shop, staff]) await c.dispose();
});

/** Colour rules only: what a change of theme can change (the structure rules ran in the light theme on the same page). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function axeViolations(page: Page, only: 'every rule' | 'colour rules') {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await (only === 'colour rules' ? builder.withRules(COLOUR_RULES) : builder).analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

/** The page's heading (a page drawn as a dialog, such as creating a board, has its dialog's). */
const h1 = (name?: string | RegExp) => (p: Page) => (name ? p.getByRole('heading', { level: 1, name }) : p.locator('h1, [role="dialog"] h2')).first().waitFor();

const PAGES: { name: string; role: Role; path: () => string; ready: (page: Page) => Promise<void> }[] = [
  // Signed out.
  { name: 'logged-out landing', role: 'signedOut', path: () => '/', ready: (p) => p.getByRole('main').getByRole('link').first().waitFor() },
  { name: 'log in', role: 'signedOut', path: () => '/login/', ready: (p) => p.getByRole('button', { name: 'Log in' }).first().waitFor() },
  { name: 'sign up', role: 'signedOut', path: () => '/signup/', ready: (p) => p.getByLabel('Password').first().waitFor() },
  { name: 'signed-out board', role: 'signedOut', path: () => f.board.url, ready: h1('Evening colours') },
  {
    name: 'signed-out Pin closeup',
    role: 'signedOut',
    path: () => `/pin/${f.pinId}/`,
    ready: (p) => p.getByRole('heading', { name: 'Colour study 1' }).first().waitFor(),
  },
  { name: 'idea category', role: 'signedOut', path: () => '/ideas/art/', ready: h1() },
  { name: 'imprint', role: 'signedOut', path: () => '/about/imprint/', ready: h1() },
  { name: 'takedown form', role: 'signedOut', path: () => '/report/dsa/', ready: h1() },
  { name: 'email verification link', role: 'signedOut', path: () => '/verify-email/?token=not-a-token', ready: h1() },
  { name: 'page not found', role: 'signedOut', path: () => '/this/page/does/not-exist/', ready: h1() },
  // A person.
  { name: 'home feed', role: 'person', path: () => '/', ready: (p) => p.getByRole('button', { name: 'Your account' }).waitFor() },
  { name: 'profile', role: 'person', path: () => `/${f.person.username}/`, ready: h1('Theo Themes') },
  { name: 'profile, created tab', role: 'person', path: () => `/${f.person.username}/_created/`, ready: h1('Theo Themes') },
  { name: 'profile, saved tab', role: 'person', path: () => `/${f.person.username}/_saved/`, ready: h1('Theo Themes') },
  { name: 'board', role: 'person', path: () => f.board.url, ready: h1('Evening colours') },
  { name: 'section', role: 'person', path: () => f.section.url, ready: h1('Blue hour') },
  { name: 'Pin closeup', role: 'person', path: () => `/pin/${f.pinId}/`, ready: (p) => p.getByRole('heading', { name: 'Colour study 1' }).first().waitFor() },
  {
    name: 'idea Pin closeup',
    role: 'person',
    path: () => `/pin/${f.ideaPinId}/`,
    ready: (p) => p.getByRole('heading', { name: 'Mixing a sunset' }).first().waitFor(),
  },
  { name: 'Pin edit', role: 'person', path: () => `/pin/${f.pinId}/edit/`, ready: (p) => p.getByLabel('Title', { exact: true }).waitFor() },
  {
    name: 'search results',
    role: 'person',
    path: () => '/search/?q=colour',
    ready: (p) =>
      p
        .getByRole('link', { name: /Colour study/ })
        .first()
        .waitFor(),
  },
  {
    name: 'search of your own Pins',
    role: 'person',
    path: () => '/search/me/?q=colour',
    ready: (p) =>
      p
        .getByRole('link', { name: /Colour study/ })
        .first()
        .waitFor(),
  },
  {
    name: 'Today',
    role: 'person',
    path: () => '/today/',
    ready: (p) =>
      p
        .getByRole('link', { name: /Colours of the evening/ })
        .first()
        .waitFor(),
  },
  { name: 'Today story', role: 'person', path: () => f.articleUrl, ready: h1('Colours of the evening') },
  { name: 'edit profile', role: 'person', path: () => '/settings/edit-profile/', ready: h1() },
  { name: 'account settings', role: 'person', path: () => '/settings/account-settings/', ready: (p) => p.getByLabel('Theme').waitFor() },
  { name: 'personal information', role: 'person', path: () => '/settings/personal-information/', ready: h1() },
  { name: 'permissions', role: 'person', path: () => '/settings/permissions/', ready: h1() },
  { name: 'security', role: 'person', path: () => '/settings/security/', ready: h1() },
  { name: 'messages', role: 'person', path: () => '/messages/', ready: (p) => p.getByText('Do you sell the violet?').first().waitFor() },
  {
    name: 'conversation',
    role: 'person',
    path: () => `/conversation/${f.conversationId}/`,
    ready: (p) => p.getByText('Do you sell the violet?').first().waitFor(),
  },
  { name: 'Pin builder', role: 'person', path: () => '/pin-builder/', ready: h1() },
  { name: 'Pin creation tool', role: 'person', path: () => '/pin-creation-tool/', ready: h1() },
  { name: 'Idea Pin builder', role: 'person', path: () => '/idea-pin-builder/', ready: h1() },
  { name: 'collage creation tool', role: 'person', path: () => '/collage-creation-tool/', ready: h1() },
  { name: 'create a board', role: 'person', path: () => '/board/create/', ready: h1() },
  { name: 'create a section', role: 'person', path: () => `/board/${f.board.id}/create_section/`, ready: h1() },
  { name: 'publish an uploaded photo', role: 'person', path: () => '/pin/create/uploaded/', ready: h1() },
  { name: 'reports and violations', role: 'person', path: () => '/reports-and-violations/', ready: h1() },
  // A business.
  { name: 'business profile', role: 'business', path: () => `/${f.business.username}/`, ready: h1('Dusk Paints Co') },
  { name: 'business access', role: 'business', path: () => '/settings/business-access/', ready: h1() },
  { name: 'ads reporting', role: 'business', path: () => `/advertiser/${f.advertiserId}/reporting/campaigns/`, ready: h1() },
  { name: 'ads billing', role: 'business', path: () => `/advertiser/${f.advertiserId}/billing/`, ready: h1() },
  { name: 'ad account manager', role: 'business', path: () => `/advertiser/${f.advertiserId}/accounts_manager/`, ready: h1() },
  // A moderator.
  { name: 'moderation queue', role: 'staff', path: () => '/reports-and-violations/queue/', ready: h1('Moderation queue') },
  { name: 'sign-ups by entry channel', role: 'staff', path: () => '/admin/entry/', ready: h1() },
];

// The page that does not exist answers 404.
test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_LINE] });

async function contextFor(browser: Browser, baseURL: string | undefined, role: Role): Promise<BrowserContext> {
  // Reduced motion: a colour's transition is over before axe measures contrast after the scheme changes.
  return browser.newContext({ baseURL, colorScheme: 'light', reducedMotion: 'reduce', ...(role === 'signedOut' ? {} : { storageState: states[role] }) });
}

test('every page passes axe in the light and the dark theme', async ({ browser, baseURL }) => {
  // About forty pages, each analysed whole twice: generous on a busy machine (a bound, not a goal).
  test.setTimeout(900_000);
  const pages = new Map<Role, Page>();
  const failures: string[] = [];
  for (const p of PAGES) {
    let page = pages.get(p.role);
    if (!page) {
      page = await (await contextFor(browser, baseURL, p.role)).newPage();
      pages.set(p.role, page);
    }
    await test.step(p.name, async () => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(p.path());
      // A page that never shows what it should is a failure, and the other pages are still analysed.
      page.setDefaultTimeout(15_000);
      try {
        await p.ready(page);
      } catch (err) {
        failures.push(`${p.name}: not ready (${(err as Error).message.split('\n')[0]})`);
        return;
      }
      // The page is drawn in the device's scheme, and follows it when the device changes. Every rule in the light
      // theme; in the dark one, the colour rules (the page is the same page, in other colours).
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect
          .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor), { message: `${p.name} in ${scheme}` })
          .toBe(scheme === 'dark' ? 'rgb(18, 18, 18)' : 'rgb(255, 255, 255)');
        const violations = await axeViolations(page, scheme === 'light' ? 'every rule' : 'colour rules');
        if (violations.length > 0) failures.push(`${p.name} (${scheme}): ${violations.join(' | ')}`);
      }
    });
  }
  for (const page of pages.values()) await page.context().close();
  expect(failures, 'axe in both themes').toEqual([]);
});

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
