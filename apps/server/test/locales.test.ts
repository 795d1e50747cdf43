/**
 * The language of the product (decision 042): the account's locale is set
 * from the supported list through the settings endpoint, and the first HTML
 * carries <html lang dir> (account, else ?locale= for signed-out visitors,
 * else Accept-Language, else en-US) and the hreflang alternates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '@pinboard/shared/constants/locales';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const htmlTag = (body: string) => /<html\b[^>]*>/.exec(body)?.[0] ?? '';

describe('account language', () => {
  it('is set from the supported list, and refused otherwise', async () => {
    const me = t.client();
    const { id } = await me.signUp({ email: 'localeset@example.com', username: 'localeset', full_name: 'Locale Set' });
    expect((await me.resource('UserSessionResource', 'get')).data).toMatchObject({ locale: 'en-US' });

    expect((await me.resource('UserResource', 'update', { locale: 'ja' })).httpStatus).toBe(200);
    expect((await me.resource('UserSessionResource', 'get')).data).toMatchObject({ locale: 'ja' });

    const wrong = await me.resource('UserResource', 'update', { locale: 'xx-YY' });
    expect(wrong.httpStatus).toBe(400);
    expect(wrong.error).toMatchObject({ field: 'locale' });
    expect(await t.db.one<{ locale: string }>('SELECT locale FROM users WHERE id = $1', [id])).toEqual({ locale: 'ja' });

    // The first HTML is in the account's language, whatever the browser asks for.
    const page = await me.request('GET', '/', { headers: { accept: 'text/html', 'accept-language': 'fr' } });
    expect(htmlTag(page.body)).toContain('lang="ja"');
    expect(htmlTag(page.body)).toContain('dir="ltr"');
  });
});

describe('a new account', () => {
  it('starts in the language it was made in, else the browser\'s, else en-US', async () => {
    const made = async (username: string, extra: Record<string, unknown>, acceptLanguage?: string) => {
      const c = t.client();
      const res = await c.request('POST', '/resource/UserRegisterResource/create/', {
        payload: { options: { email: `${username}@example.com`, password: 'a long pass phrase 42', username, ...extra } },
        ...(acceptLanguage ? { headers: { 'accept-language': acceptLanguage } } : {}),
      });
      expect(res.statusCode).toBe(200);
      return (await t.db.one<{ locale: string }>('SELECT locale FROM users WHERE username = $1', [username]))?.locale;
    };
    expect(await made('newlocde', { locale: 'de' }, 'ja')).toBe('de');
    expect(await made('newlocja', {}, 'ja-JP, en;q=0.5')).toBe('ja');
    expect(await made('newlocen', {}, 'ko')).toBe('en-US');
    expect(await made('newlocno', {})).toBe('en-US');
    const c = t.client();
    const wrong = await c.request('POST', '/resource/UserRegisterResource/create/', {
      payload: { options: { email: 'newlocxx@example.com', password: 'a long pass phrase 42', username: 'newlocxx', locale: 'xx' } },
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('first HTML', () => {
  const get = (url: string, acceptLanguage?: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) } });

  it("is in the browser's language, else en-US", async () => {
    expect(htmlTag((await get('/', 'ja-JP,ja;q=0.9,en;q=0.5')).body)).toContain('lang="ja"');
    expect(htmlTag((await get('/', 'ko, de-AT;q=0.8')).body)).toContain('lang="de"');
    expect(htmlTag((await get('/', 'ko')).body)).toContain('lang="en-US"');
    expect(htmlTag((await get('/')).body)).toContain('lang="en-US"');
  });

  it('honours ?locale= for signed-out visitors, before the browser', async () => {
    expect(htmlTag((await get('/?locale=pt-BR', 'ja')).body)).toContain('lang="pt-BR"');
    expect(htmlTag((await get('/?locale=zz', 'ja')).body)).toContain('lang="ja"');
  });

  it('keeps one signed-out copy per language', async () => {
    // The same address, asked for in two languages one after the other: each gets its own.
    expect(htmlTag((await get('/ideas/', 'fr')).body)).toContain('lang="fr"');
    expect(htmlTag((await get('/ideas/', 'es')).body)).toContain('lang="es"');
  });

  it('names an alternate for every supported locale and x-default', async () => {
    const body = (await get('/some/page/?x=1')).body;
    for (const locale of SUPPORTED_LOCALES) {
      expect(body).toMatch(new RegExp(`<link rel="alternate" hreflang="${locale}" href="[^"]*/some/page/\\?locale=${locale}">`));
    }
    expect(body).toMatch(/<link rel="alternate" hreflang="x-default" href="[^"?]*\/some\/page\/">/);
  });
});
