import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createBoard, createPin, registerUser } from '../support/api';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { NOT_FOUND_CONSOLE_LINE, expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

/**
 * Logged-out entry (docs/product/logged-out-and-business.md §4, §9): a signed-out visitor
 * scrolling a feed is asked to sign up (a modal on desktop, a slide-up sheet
 * on a phone); the header hides on scrolling down and comes back on
 * scrolling up or near the top. Screenshots go to docs/screenshots/issue-14/.
 */
const OUT = new URL('../../docs/screenshots/issue-14/', import.meta.url).pathname;

test.beforeAll(async ({ playwright, baseURL }) => {
  mkdirSync(OUT, { recursive: true });
  const api = await playwright.request.newContext({ baseURL });
  await registerUser(api, 'Nora Scroll', 'nora');
  const board = await createBoard(api, 'Long walks');
  const titles = [
    'Fern valley',
    'Cliff path',
    'Moss stones',
    'River bend',
    'Pine ridge',
    'Harbour wall',
    'Salt marsh',
    'Dune grass',
    'Chalk hills',
    'Birch wood',
  ];
  for (let index = 0; index < 30; index += 1) {
    const palette = PALETTES[index % PALETTES.length] ?? PALETTES[0]!;
    // Each Pin its own picture (one Pin of a picture per board: decision 095).
    const image = await makePicture({ width: 400, height: ([800, 700, 900, 760][index % 4] ?? 760) + index, ...palette });
    await createPin(api, image, { board_id: board.id, title: `${titles[index % titles.length]} ${index + 1}` });
  }
  await api.dispose();
});

const header = (page: Page) => page.locator('header').first();
/** The header's bottom edge in the viewport: 64 when shown, 0 or less when hidden. */
const headerBottom = (page: Page) => header(page).evaluate((el) => el.getBoundingClientRect().bottom);

async function scrollBy(page: Page, dy: number) {
  await page.mouse.wheel(0, dy);
  await page.waitForTimeout(400); // the 30 ms throttle and the 200 ms transition
}

test('a signed-out visitor scrolling the home feed on a desktop gets the signup modal, and can switch to log in', async ({ page }) => {
  const events: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/resource/UnauthEventResource/create/')) events.push(JSON.parse(request.postData() ?? '{}').options?.event);
  });
  const landing = page.waitForRequest((request) => request.url().endsWith('/v3/invite_code/attribution/land/'));
  await page.goto('/?utm_source=email');
  expect(JSON.parse((await landing).postData() ?? '{}')).toEqual({ channel: 'email', referrer: 'none', page_kind: 'home' });
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (let i = 0; i < 4 && (await page.getByRole('dialog').count()) === 0; i++) await scrollBy(page, 400);
  const dialog = page.getByRole('dialog', { name: 'Sign up to see more' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('signup-modal')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Continue to sign up' })).toHaveAttribute('href', '/signup/?next=%2F%3Futm_source%3Demail');
  expect(events).toContain('scroll_down_trigger');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}desktop-signup-modal.png` });
  await dialog.getByRole('button', { name: 'Already a member? Log in' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in to see more' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('scrolling the feed slides up the signup sheet', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('article').first()).toBeVisible();
    for (let i = 0; i < 6 && (await page.getByRole('dialog').count()) === 0; i++) {
      await page.evaluate(() => window.scrollBy(0, 300));
      await page.waitForTimeout(150);
    }
    const sheet = page.getByRole('dialog', { name: 'Sign up to see more' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('signup-sheet')).toBeVisible();
    await page.waitForTimeout(400); // the slide-up
    const box = await sheet.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844); // anchored to the bottom
    await expect(sheet.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.screenshot({ path: `${OUT}phone-signup-sheet.png` });
  });
});

test('the header hides on scrolling down and comes back on scrolling up and near the top; the footer only past 500 px', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('article').first()).toBeVisible();
  const footer = page.getByRole('complementary', { name: 'Join Pinboard' });
  await expect(footer.getByRole('link', { name: 'Join for free' })).toHaveAttribute('href', '/signup/?next=%2F');
  expect(await headerBottom(page)).toBe(64);
  await page.screenshot({ path: `${OUT}header-shown.png` });

  await scrollBy(page, 10);
  expect(await headerBottom(page), 'within 55 px of the top').toBe(64);
  await scrollBy(page, 150);
  expect(await headerBottom(page), 'hidden after scrolling down').toBeLessThanOrEqual(0);
  await expect(page.locator('html')).toHaveAttribute('data-footer-hidden', '');
  await page.screenshot({ path: `${OUT}header-hidden.png` });

  await scrollBy(page, -60);
  expect(await headerBottom(page), 'back on scrolling up').toBe(64);
  await expect(page.locator('html'), 'the footer stays away below 500 px').toHaveAttribute('data-footer-hidden', '');

  await scrollBy(page, 600); // 700 px: short of the signup prompt's one screen (800 px)
  expect(await headerBottom(page)).toBeLessThanOrEqual(0);
  await scrollBy(page, -100);
  expect(await headerBottom(page)).toBe(64);
  await expect(page.locator('html'), 'the footer is back past 500 px').not.toHaveAttribute('data-footer-hidden', '');
  await page.screenshot({ path: `${OUT}header-shown-after-scroll-up.png` });
});

test('a crawler gets no prompts, no footer and no tracking', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
  const page = await context.newPage();
  const tracked: string[] = [];
  page.on('request', (request) => {
    if (/UnauthEventResource|attribution\/land/.test(request.url())) tracked.push(request.url());
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-client', 'bot');
  await expect(page.locator('article').first()).toBeVisible();
  for (let i = 0; i < 4; i++) await scrollBy(page, 500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Join Pinboard' })).toHaveCount(0);
  expect(tracked).toEqual([]);
  await context.close();
});

test('viewers in Germany, Austria and Switzerland get the imprint link on the login page', async ({ browser, baseURL }) => {
  for (const [country, shown] of [
    ['DE', true],
    ['FR', false],
  ] as const) {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-test-country': country } });
    const page = await context.newPage();
    await page.goto('/login/');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Imprint' })).toHaveCount(shown ? 1 : 0);
    if (shown) {
      await page.getByRole('link', { name: 'Imprint' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();
    }
    await context.close();
  }
});

test.describe('the staff page', () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_LINE] });

  test('is not there for people who are not staff', async ({ page }) => {
    await registerUser(page.request, 'Nadia Notstaff', 'nadia');
    await page.goto('/admin/entry/');
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.board.notFound })).toBeVisible();
  });
});
