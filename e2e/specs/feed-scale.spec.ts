import type { Page } from '@playwright/test';
import { createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

/**
 * A feed of thousands of Pins stays light: only the cards near the viewport
 * are in the page, and the next pages keep loading at the end. The home feed
 * answers here with made-up Pins (100 a page) so that 2,000+ exist without
 * uploading them.
 */
const PAGE = 100;
const TOTAL = 2100;
const COLORS = ['#f4845f', '#90e0ef', '#ffafcc', '#ccd5ae', '#bde0fe', '#ddbea9'];

function picture(index: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="236" height="300"><rect width="236" height="300" fill="${COLORS[index % COLORS.length]}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function fakePin(index: number) {
  const height = 300 + ((index * 37) % 260);
  const url = picture(index);
  return {
    id: String(9_000_000 + index),
    title: `Pin number ${index + 1}`,
    description: '',
    link: null,
    alt_text: null,
    images: { '236x': { url, width: 236, height: Math.round((236 * height) / 400) } },
    dominant_color: COLORS[index % COLORS.length],
    width: 400,
    height,
    pinner: { id: '1', username: 'someone', full_name: 'Someone', image_medium_url: null },
    board: null,
    repin_count: 0,
    comment_count: 0,
    comments_enabled: true,
    created_at: new Date(0).toISOString(),
  };
}

async function serveLongFeed(page: Page) {
  await page.route('**/resource/UserHomefeedResource/get/**', async (route) => {
    const data = new URL(route.request().url()).searchParams.get('data') ?? '{}';
    const bookmark = (JSON.parse(data) as { options?: { bookmark?: string } }).options?.bookmark;
    const start = Number(bookmark ?? 0);
    const pins = Array.from({ length: Math.min(PAGE, TOTAL - start) }, (_, i) => fakePin(start + i));
    const next = start + PAGE < TOTAL ? String(start + PAGE) : null;
    await route.fulfill({ json: { resource_response: { status: 'success', code: 0, data: pins, bookmark: next } } });
  });
}

test('2,000+ Pins in the home feed: only the cards near the viewport are in the page', async ({ page }) => {
  test.setTimeout(120_000);
  await registerUser(page.request, 'Lena Longfeed', 'lena');
  await serveLongFeed(page);
  await page.goto('/homefeed');
  const feed = page.getByRole('list', { name: 'Your home feed' });
  const first = feed.getByRole('listitem').first();
  await expect(first).toHaveAttribute('aria-posinset', '1');

  await test.step('scrolling to the end keeps loading pages', async () => {
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(first).toHaveAttribute('aria-setsize', String(TOTAL), { timeout: 500 });
    }).toPass({ timeout: 90_000, intervals: [100] });
  });

  await test.step('yet only a screenful or two of cards exist', async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = feed.getByRole('img', { name: `Pin number ${TOTAL}`, exact: true });
    await expect(last).toBeVisible();
    const count = await feed.getByRole('listitem').count();
    expect(count).toBeGreaterThan(4);
    expect(count).toBeLessThan(120);
    await expect(feed.getByRole('img', { name: 'Pin number 1', exact: true })).toHaveCount(0);
  });

  await test.step('back at the top, the first Pins are there again, in place', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const firstPin = feed.getByRole('img', { name: 'Pin number 1', exact: true });
    await expect(firstPin).toBeVisible();
    const box = await firstPin.boundingBox();
    const list = await feed.boundingBox();
    expect(Math.abs((box?.y ?? 0) - (list?.y ?? 0))).toBeLessThan(2);
    expect(await feed.getByRole('listitem').count()).toBeLessThan(120);
  });
});

test('going back to the feed returns to where it was left; a new page starts at the top', async ({ page }) => {
  await registerUser(page.request, 'Rita Return', 'rita');
  await serveLongFeed(page);
  await page.goto('/homefeed');
  const feed = page.getByRole('list', { name: 'Your home feed' });
  await expect(feed.getByRole('listitem').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  // Another page, opened by the app's own navigation from the rail, which stays in view.
  await page.getByRole('navigation', { name: 'Ideas' }).getByRole('link', { name: 'Art' }).click();
  await expect(page).toHaveURL('/ideas/art/');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/homefeed\/?$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
});

test('a full page load starts at the top; back and forward return each entry to its own position', async ({ page }) => {
  await registerUser(page.request, 'Hana Hardload', 'hana');
  const pin = await createPin(page.request, await makePicture({ width: 600, height: 800, sky: ['#8ecae6', '#219ebc'], ground: '#023047' }), {
    title: 'Harbour at dawn',
  });
  await serveLongFeed(page);
  await page.goto('/homefeed');
  await expect(page.getByRole('list', { name: 'Your home feed' }).getByRole('listitem').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 2000));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(2000);

  await test.step('a Pin address typed or pasted opens at the top, with the Pin in view', async () => {
    await page.goto(`/pin/${pin.id}/`);
    const picture = page
      .getByRole('main')
      .getByRole('img', { name: /Harbour at dawn/ })
      .first();
    await expect(picture).toBeVisible();
    await expect(picture).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  await test.step('back to the feed returns to where it was left', async () => {
    await page.goBack();
    await expect(page).toHaveURL(/\/homefeed\/?$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(2000);
  });

  await test.step('forward to the Pin returns to its own position, the top', async () => {
    await page.goForward();
    await expect(page).toHaveURL(`/pin/${pin.id}/`);
    await expect(
      page
        .getByRole('main')
        .getByRole('img', { name: /Harbour at dawn/ })
        .first(),
    ).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  await test.step('the feed, its address loaded anew, starts at the top', async () => {
    await page.goto('/homefeed');
    await expect(page.getByRole('list', { name: 'Your home feed' }).getByRole('listitem').first()).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
