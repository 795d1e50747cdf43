import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createBoard, createPin, registerUser, type ApiUser } from '../support/api';
import { makePicture } from '../support/images';
import { expect, test } from '../support/fixtures';

/**
 * The product in other languages (decision 042): the first HTML and the app
 * take the browser's language, or the account's once it is chosen in the
 * settings; counts follow the locale (万 in ja).
 */

const SHOTS = fileURLToPath(new URL('../../docs/screenshots/issue-14/', import.meta.url));
const LOCALES_DIR = fileURLToPath(new URL('../../packages/shared/src/locales', import.meta.url));

/** A locale's own text for a key, when its catalogue is in (else null: the page reads en-US). */
function catalogueText(locale: string, part: string, key: string): string | null {
  const file = join(LOCALES_DIR, locale, `${part}.json`);
  if (!existsSync(file)) return null;
  const text = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)[key];
  return text ?? null;
}

/**
 * Runs SQL on the server's embedded database (its Unix socket beside the data
 * directory, as apps/server/src/db/embedded/embedded-postgres.ts places it):
 * ten thousand views are more than a browser test can make one by one.
 */
async function sql(text: string, values: unknown[]): Promise<void> {
  const dataDir = join(process.env.PINBOARD_E2E_DATA_DIR!, 'postgres');
  const beside = join(process.env.PINBOARD_E2E_DATA_DIR!, 'run');
  const host =
    `${beside}/.s.PGSQL.5432`.length < 100 ? beside : join(tmpdir(), `pinboard-pg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`);
  const client = new pg.Client({ host, port: 5432, user: 'postgres', database: 'pinboard' });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A business profile with 12,345 monthly views. */
async function popularBusiness(user: ApiUser): Promise<void> {
  await sql('UPDATE users SET is_partner = true WHERE username = $1', [user.username]);
  await sql(
    `INSERT INTO profile_view_days (user_id, day, views) SELECT id, current_date, 12345 FROM users WHERE username = $1
     ON CONFLICT (user_id, day) DO UPDATE SET views = 12345`,
    [user.username],
  );
}

test('a visitor whose browser is Japanese gets the page in ja, with 万 in a count', async ({ browser, baseURL, playwright }) => {
  const api = await playwright.request.newContext({ baseURL });
  const shop = await registerUser(api, 'Kyoto Paper Works', 'kyoto');
  await api.dispose();
  await popularBusiness(shop);

  const context = await browser.newContext({ baseURL, locale: 'ja-JP' });
  const page = await context.newPage();
  const response = await page.goto(`/${shop.username}/`);
  // The first HTML already says so, before any script runs.
  const html = (await response!.text()).slice(0, 4000);
  expect(html).toMatch(/<html lang="ja" dir="ltr"/);
  expect(html).toContain('hreflang="ja"');
  expect(html).toContain('hreflang="x-default"');

  await expect(page.getByRole('heading', { level: 1, name: 'Kyoto Paper Works' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByText(/1\.2万/)).toBeVisible();
  const monthly = catalogueText('ja', 'messages', 'profile.monthlyViews');
  if (monthly) await expect(page.getByText(monthly.replace('{count}', '1.2万'))).toBeVisible();
  else await expect(page.getByText('1.2万 monthly views')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}languages-ja-profile-count.png` });

  // The same page asked for in English (the hreflang alternate) shows the spec's short form.
  await page.goto(`/${shop.username}/?locale=en-US`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByText('12.3k monthly views')).toBeVisible();
  await context.close();
});

test('a person chooses their language in the settings and gets the product in it after the reload', async ({ page }) => {
  const person = await registerUser(page.request, 'Greta Sprache', 'greta');
  await popularBusiness(person);

  await page.goto('/settings/account-settings/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  const language = page.getByLabel('Language', { exact: true });
  await expect(language).toHaveValue('en-US');

  await test.step('German', async () => {
    await Promise.all([page.waitForEvent('load'), language.selectOption('de')]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The label reads the de catalogue once it is in (en-US until then).
    const label = catalogueText('de', 'moreTexts', 'settings.languageLine') ?? 'Language';
    const select = page.getByLabel(label, { exact: true });
    await expect(select).toHaveValue('de');
    await expect(select.locator('option:checked')).toHaveText('Deutsch');
    // Country names are in German, the countries of the language first (docs/product/logged-out-and-business.md §9).
    const countries = await page.locator('select[name="country"] option').allTextContents();
    expect(countries.slice(0, 3)).toEqual(['Deutschland', 'Österreich', 'Schweiz']);
    await page.screenshot({ path: `${SHOTS}languages-settings-de.png` });
  });

  await test.step('Japanese: counts with 万', async () => {
    const select = page.locator('select[name="locale"]');
    await Promise.all([page.waitForEvent('load'), select.selectOption('ja')]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.goto(`/${person.username}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByText(/1\.2万/)).toBeVisible();
  });
});

test("an idea page in German: the topics' names, the first HTML's title and og:locale", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const page = await context.newPage();
  const response = await page.goto('/ideas/home-decor/');
  const html = (await response!.text()).slice(0, 4000);
  expect(html).toContain('<title>Ideen zu Wohndeko | Pinboard</title>');
  expect(html).toContain('<meta property="og:locale" content="de_DE">');
  await expect(page.getByRole('heading', { level: 1, name: 'Wohndeko' })).toBeVisible();
  await expect(page.getByText(/^Entdecken Sie Ideen zu Wohndeko: Wohnzimmer, Küchen/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zimmerpflanzen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hochzeiten', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home decor' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}languages-de-idea-page.png` });
  await context.close();
});

test.describe('keyed server errors', () => {
  // The refused comment's answer is a 403, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 403 \(Forbidden\).*|^Failed to load resource: the server responded with a status of 403/] });

  test("a server's refusal reads German on a German page (message_key)", async ({ page, playwright, baseURL }) => {
    // The owner's Pin; the German reader opens it, then its comments are turned off before they post.
    const api = await playwright.request.newContext({ baseURL });
    await registerUser(api, 'Nora Lindqvist', 'noraoff');
    const board = await createBoard(api, 'Harbour towns');
    const pin = await createPin(api, await makePicture({ width: 500, height: 600, sky: ['#f4a261', '#e9c46a'], ground: '#264653' }), {
      board_id: board.id,
      title: 'Camogli',
    });

    await registerUser(page.request, 'Greta Leserin', 'gretade');
    const token = (await page.request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
    const saved = await page.request.put('/resource/UserResource/update/', { headers: { 'X-CSRFToken': token }, data: { options: { locale: 'de' } } });
    expect(saved.ok()).toBe(true);

    await page.goto(`/pin/${pin.id}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const box = page.getByRole('textbox', { name: catalogueText('de', 'moreTexts', 'comments.composerLabel')!, exact: true });
    await box.fill('Wunderschön!');
    const apiToken = (await api.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
    const off = await api.put('/resource/PinResource/update/', {
      headers: { 'X-CSRFToken': apiToken },
      data: { options: { id: pin.id, comments_enabled: false } },
    });
    expect(off.ok()).toBe(true);
    await api.dispose();

    const answer = page.waitForResponse((r) => r.url().includes('/resource/PinCommentResource/create/'));
    await box.press('Control+Enter');
    const body = (await (await answer).json()) as { resource_response: { error: { message: string; message_key: string } } };
    expect(body.resource_response.error).toMatchObject({ message: 'Comments are turned off for this Pin.', message_key: 'comments.off' });
    await expect(page.getByText(catalogueText('de', 'moreTexts', 'serverErrors.comments.off')!)).toBeVisible();
    await expect(page.getByText('Comments are turned off for this Pin.')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}languages-de-server-error.png` });
  });
});
