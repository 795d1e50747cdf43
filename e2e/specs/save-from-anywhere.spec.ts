import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import { createBoard, createSection, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';
import { STRICT_CSP, serveStrictCspPage } from '../support/strictCspPage';

/** Save from anywhere (decision 101): the bookmarklet on a strict-CSP page, the installed app's manifest and share target. */

let site: Awaited<ReturnType<typeof serveStrictCspPage>>;

/** The WCAG A and AA rules axe finds broken on the page. */
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map((violation) => violation.id);

test.beforeAll(async () => {
  site = await serveStrictCspPage();
});

test.afterAll(async () => {
  await site.close();
});

test('the bookmarklet reads a strict-CSP page without adding to it, and its window saves a picture to a section', async ({ page, context }) => {
  await registerUser(page.request, 'Bea Bookmarklet', 'bea');
  const board = await createBoard(page.request, 'Roses to plant');
  const section = await createSection(page.request, board.id, 'Climbers');

  let bookmarklet = '';
  await test.step('Settings › Save from anywhere offers the bookmarklet to drag; a click here only explains', async () => {
    await page.goto('/settings/save-from-anywhere/');
    await expect(page.getByRole('heading', { level: 1, name: 'Save from anywhere' })).toBeVisible();
    const link = page.getByRole('link', { name: 'Save to Pinboard' });
    bookmarklet = (await link.getAttribute('href')) ?? '';
    expect(bookmarklet).toMatch(/^javascript:/);
    await link.click();
    await expect(page.getByRole('status')).toHaveText('Drag this button to your bookmarks bar; clicking it here does nothing.');
    await expect(page).toHaveURL('/settings/save-from-anywhere/');
    await page.screenshot({ path: '/tmp/save-anywhere-settings.png' });
    expect(await axeViolations(page)).toEqual([]);
  });

  const shop = await context.newPage();
  const problems: string[] = [];
  // (The fixture site has no favicon: the browser's own request for it answers 404.)
  shop.on('console', (message) => message.type() === 'error' && !message.location().url.endsWith('/favicon.ico') && problems.push(message.text()));
  shop.on('pageerror', (error) => problems.push(error.message));
  const answer = await shop.goto(site.pageUrl);
  expect(answer?.headers()['content-security-policy']).toBe(STRICT_CSP);
  await expect.poll(() => shop.evaluate(() => (document.querySelector('img[srcset]') as HTMLImageElement).complete)).toBe(true);
  const before = await shop.evaluate(() => document.documentElement.outerHTML);

  const popup = await test.step('the bookmarklet opens a small window on our origin with the page and its pictures', async () => {
    // What a click on the bookmark runs: the link's own code (a bookmarklet, like this, is not the page's script).
    const code = decodeURIComponent(bookmarklet.slice('javascript:'.length));
    const opened = context.waitForEvent('page');
    await shop.evaluate(code);
    const window = await opened;
    await window.waitForLoadState();
    return window;
  });

  await test.step('the page is as it was: no script, style or element added, nothing refused', async () => {
    expect(await shop.evaluate(() => document.documentElement.outerHTML)).toBe(before);
    expect(await shop.evaluate(() => document.querySelectorAll('script, style').length)).toBe(0);
    expect(problems).toEqual([]);
  });

  await test.step('the window lists the large srcset file first, then the CSS background; the small ones are left out', async () => {
    expect(new URL(popup.url()).pathname).toBe('/pin/create/bookmarklet/');
    expect(new URL(popup.url()).searchParams.get('url')).toBe(site.pageUrl);
    const images = popup.getByRole('radiogroup', { name: 'Pick an image' });
    await expect(images.getByRole('radio')).toHaveCount(2);
    await expect(images.getByRole('radio').nth(0)).toHaveAccessibleName('Image 1 of 2: an image on the page, 1200 × 1600, Pink roses');
    await expect(images.getByRole('radio').nth(1)).toHaveAccessibleName('Image 2 of 2: an image on the page, 640 × 360, The rose arch');
    // Shown through the server's preview: our CSP shows our own origin's images only.
    await expect(images.locator('img').first()).toHaveAttribute('src', `/v3/pin-builder/image-preview/?url=${encodeURIComponent(site.large)}`);
    await popup.screenshot({ path: '/tmp/save-anywhere-bookmarklet-window.png' });
    expect(await axeViolations(popup)).toEqual([]);
  });

  await test.step('pick the picture, edit the title, choose the board and section, publish', async () => {
    await popup.getByRole('radio', { name: /^Image 1 of 2/ }).check();
    const title = popup.getByLabel('Title', { exact: true });
    await expect(title).toHaveValue('Old roses | A small nursery');
    await title.fill('Old roses for the arch');
    await expect(popup.getByLabel('Description', { exact: true })).toHaveValue('Scented old roses for a small garden.');
    await popup.getByLabel('Board', { exact: true }).selectOption({ label: board.name });
    await popup.getByLabel('Section', { exact: true }).selectOption({ label: section.title });
    await popup.getByRole('button', { name: 'Publish' }).click();
    await expect(popup).toHaveURL(/\/pin\/\d+\/$/);
    await expect(popup.getByRole('heading', { level: 1, name: 'Old roses for the arch' })).toBeVisible();
  });

  await test.step('the Pin is in the section', async () => {
    await page.goto(section.url);
    await expect(page.getByRole('link', { name: /Old roses for the arch/ }).first()).toBeVisible();
  });

  await test.step('the same page again: the window says where it is already saved', async () => {
    const opened = context.waitForEvent('page');
    await shop.evaluate(decodeURIComponent(bookmarklet.slice('javascript:'.length)));
    const again = await opened;
    await expect(again.getByText(`Already saved to ${board.name}`)).toBeVisible();
    await again.close();
  });
});

test('the web manifest makes the app installable, with icons and a share target', async ({ page, baseURL }) => {
  await page.goto('/');
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown> & {
    icons: { sizes: string; purpose: string; src: string }[];
    share_target: { action: string; method: string; enctype: string; params: { url: string; files: { name: string }[] } };
  };
  expect(manifest).toMatchObject({ name: 'Pinboard', short_name: 'Pinboard', start_url: '/', display: 'standalone' });
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = manifest.icons.find((candidate) => candidate.sizes === sizes && candidate.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeTruthy();
    expect((await page.request.get(icon!.src)).headers()['content-type']).toBe('image/png');
  }
  expect(manifest.share_target).toMatchObject({ action: '/pin/create/share/', method: 'POST', enctype: 'multipart/form-data' });

  // Chromium's own check: the manifest is found and every installability rule holds (in a profile of its own:
  // a test's usual context is incognito, where nothing installs).
  const profile = await chromium.launchPersistentContext('', {
    baseURL,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const app = profile.pages()[0] ?? (await profile.newPage());
    await app.goto('/');
    const cdp = await profile.newCDPSession(app);
    await expect
      .poll(async () => {
        const { url, errors } = await cdp.send('Page.getAppManifest');
        return { url: url.replace(/^https?:\/\/[^/]+/, ''), errors };
      })
      .toEqual({ url: '/manifest.webmanifest', errors: [] });
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  } finally {
    await profile.close();
  }
});

test('sharing to the installed app: a link opens the save flow with the page’s pictures; a picture opens the photo’s form', async ({ page }) => {
  await registerUser(page.request, 'Sami Share', 'sami');
  const board = await createBoard(page.request, 'Shared with me');
  await createSection(page.request, board.id, 'From my phone');
  await page.setViewportSize({ width: 390, height: 844 });

  await test.step('a shared link (title, text with the address): the server reads the page’s pictures', async () => {
    await page.goto(`/pin/create/share/?title=${encodeURIComponent('Old roses')}&text=${encodeURIComponent(`Look at these ${site.pageUrl}`)}`);
    const images = page.getByRole('radiogroup', { name: 'Pick an image' });
    await expect(images.getByRole('radio').first()).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Old roses | A small nursery');
    await page.screenshot({ path: '/tmp/save-anywhere-share-link-phone.png' });
  });

  await test.step('a shared picture (multipart POST, as the share sheet sends it): the service worker keeps it and the photo’s form opens', async () => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const picture = await makePicture({ width: 800, height: 1000, sky: ['#fde2e4', '#fad2e1'], ground: '#6d597a' });
    // The share sheet navigates to the share target with a POST of multipart form data.
    await page.evaluate(
      ({ bytes, action }) => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = action;
        form.enctype = 'multipart/form-data';
        const title = Object.assign(document.createElement('input'), { name: 'title', value: 'Roses from my phone' });
        const file = Object.assign(document.createElement('input'), { type: 'file', name: 'image' });
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'roses.jpg', { type: 'image/jpeg' }));
        file.files = transfer.files;
        form.append(title, file);
        document.body.append(form);
        form.submit();
      },
      { bytes: [...picture], action: '/pin/create/share/' },
    );
    await expect(page).toHaveURL(/\/pin\/create\/uploaded\/\?draft=\w+$/);
    await expect(page.getByRole('img', { name: /preview/i })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Roses from my phone');
    await page.screenshot({ path: '/tmp/save-anywhere-share-picture-phone.png' });
    await page.getByLabel('Board', { exact: true }).selectOption({ label: board.name });
    await page.getByLabel('Section', { exact: true }).selectOption({ label: 'From my phone' });
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(/\/pin\/\d+\/$/);
  });
});
