/**
 * The language of the product (decision 042): the account's locale is set
 * from the supported list through the settings endpoint, and the first HTML
 * carries <html lang dir> (account, else ?locale= for signed-out visitors,
 * else Accept-Language, else en-US) and the hreflang alternates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '@pinboard/shared/constants/locales';
import { outboxDir, readOutbox } from '../src/mail';
import { userAccounts } from '../src/modules/users';
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
  it("starts in the language it was made in, else the browser's, else en-US", async () => {
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

describe("the first HTML's texts", () => {
  const get = (url: string, acceptLanguage?: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) } });
  const title = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];
  const meta = (body: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(body)?.[1];

  it('are in the language the page is served in, with og:locale; en-US keeps its texts', async () => {
    const en = (await get('/today/', 'en-US')).body;
    expect([title(en), meta(en, 'og:locale')]).toEqual(['Today | Pinboard', 'en_US']);
    expect(meta(en, 'description')).toBe('Discover and save ideas: collect images and links into boards, and follow the people who inspire you.');
    const ja = (await get('/today/', 'ja')).body;
    expect([title(ja), meta(ja, 'og:title'), meta(ja, 'og:locale')]).toEqual(['今日 | Pinboard', '今日 | Pinboard', 'ja_JP']);
    expect(meta(ja, 'og:description')).toBe(meta(ja, 'description'));
    expect(meta(ja, 'description')).toMatch(/^アイデアを見つけて保存しましょう/);
    const de = (await get('/ideas/home-decor/', 'de-DE')).body;
    expect([title(de), meta(de, 'og:locale')]).toEqual(['Ideen zu Wohndeko | Pinboard', 'de_DE']);
    expect(meta(de, 'description')).toBe(
      'Entdecken Sie Ideen zu Wohndeko: Wohnzimmer, Küchen, Zimmerpflanzen, Kleine Räume und mehr. Folgen Sie Wohndeko, um mehr davon in Ihrem Home-Feed zu sehen.',
    );
    expect(title((await get('/ideas/home-decor/')).body)).toBe('Home decor ideas | Pinboard');
    expect(title((await get('/no-such-person-here/', 'fr')).body)).toBe('Page introuvable | Pinboard');
  });

  it('follow the signed-out copy kept per language, and the account over the browser', async () => {
    expect(title((await get('/ideas/travel/', 'fr')).body)).toBe('Idées Voyages | Pinboard');
    expect(title((await get('/ideas/travel/', 'es')).body)).toBe('Ideas de Viajes | Pinboard');
    expect(title((await get('/ideas/travel/', 'fr')).body)).toBe('Idées Voyages | Pinboard');
    const me = t.client();
    await me.signUp({ email: 'pagede@example.com', username: 'pagede', full_name: 'Page De' });
    expect((await me.resource('UserResource', 'update', { locale: 'de' })).httpStatus).toBe(200);
    const page = await me.request('GET', '/ideas/travel/', { headers: { accept: 'text/html', 'accept-language': 'ja' } });
    expect(title(page.body)).toBe('Ideen zu Reisen | Pinboard');
  });
});

describe('mails', () => {
  /** The mails to the address, once the job queue has delivered every mail. */
  const mailsTo = async (email: string) => {
    await t.jobsSettled('mail');
    return readOutbox(outboxDir(t.config)).filter((m) => m.to === email);
  };

  it("are in the recipient's account language: the verification mail", async () => {
    const de = t.client();
    const res = await de.request('POST', '/resource/UserRegisterResource/create/', {
      payload: { options: { email: 'mailde@example.com', password: 'a long pass phrase 42', username: 'mailde', full_name: 'Mail De', locale: 'de' } },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo('mailde@example.com');
    expect(mail?.subject).toBe('E-Mail-Adresse bestätigen');
    expect(mail?.text).toMatch(/^Hallo Mail,\n\nBitte bestätigen Sie, dass mailde@example.com Ihre E-Mail-Adresse ist/);
    await t.client().signUp({ email: 'mailen@example.com', username: 'mailen', full_name: 'Mail En' });
    expect((await mailsTo('mailen@example.com'))[0]?.subject).toBe('Verify your email');
  });

  it('the statement of reasons, to each side in their own language', async () => {
    const staff = await t.person('Staff Lang', 'sl');
    await userAccounts.setEmployee(t.db, staff.username, true);
    const reporter = await t.person('Reporter Lang', 'rl');
    const reported = await t.person('Reported Lang', 'rd');
    expect((await reporter.c.resource('UserResource', 'update', { locale: 'ja' })).httpStatus).toBe(200);
    expect((await reported.c.resource('UserResource', 'update', { locale: 'de' })).httpStatus).toBe(200);
    const report = await reporter.c.resource('UserReportResource', 'create', { user_id: reported.id, reason: 'spam' });
    expect(report.httpStatus).toBe(200);
    const decided = await staff.c.resource('ModerationDecisionResource', 'create', {
      report_id: report.data.id,
      decision: 'restrict',
      statement_of_reasons: 'Mass-following people.',
    });
    expect(decided.httpStatus).toBe(200);
    // The statement of reasons; the notification of the decision (decision 086) is a mail of its own beside it.
    await t.jobsSettled('notify');
    const toReportedAll = await mailsTo(reported.email);
    const toReported = toReportedAll.find((m) => m.subject === 'Unsere Entscheidung zu einer Meldung');
    expect(toReportedAll.map((m) => m.subject)).toContain('Unsere Entscheidung zu einer Meldung');
    expect(toReported?.text).toContain(`Inhalte von Ihnen wurden gemeldet: das Profil @${reported.username}`);
    expect(toReported?.text).toContain('Begründung: Mass-following people.');
    const toReporter = (await mailsTo(reporter.email)).at(-1);
    expect(toReporter?.subject).toBe('報告に関する決定のお知らせ');
  });

  it("the board invite: the inviter's language for an address without an account", async () => {
    const inviter = await t.person('Inviter Lang', 'il');
    expect((await inviter.c.resource('UserResource', 'update', { locale: 'fr' })).httpStatus).toBe(200);
    const board = (await inviter.c.resource('BoardResource', 'create', { name: 'Voyage' })).data as { id: string };
    expect((await inviter.c.resource('BoardInviteResource', 'create', { board_id: board.id, emails: ['friend.fr@example.com'] })).httpStatus).toBe(200);
    const [mail] = await mailsTo('friend.fr@example.com');
    expect(mail?.subject).toBe('Inviter Lang vous invite à collaborer sur Voyage');
    expect(mail?.text).toMatch(/^Bonjour,\n\nInviter Lang vous invite/);
  });
});
