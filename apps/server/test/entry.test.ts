import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ GEO_COUNTRY_HEADER: 'cf-ipcountry', RATE_LIMIT_UNAUTH_EVENT: '1000', RATE_LIMIT_ATTRIBUTION_LAND: '1000' });
});
afterAll(() => t.close());

const LAND = '/v3/invite_code/attribution/land/';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const FACEBOOK_PREVIEW = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

const landings = async () => (await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM entry_landings'))[0]!.count;
const eventTotal = async () => (await t.db.query<{ total: number }>('SELECT COALESCE(sum(count), 0)::int AS total FROM unauth_event_counts'))[0]!.total;

describe('the landing call', () => {
  it('stores a landing with its channel, referrer and page kind, and ties it to the account made after it', async () => {
    const visitor = t.client();
    const res = await visitor.request('POST', LAND, { payload: { channel: 'seo', referrer: 'google', page_kind: 'pin' }, headers: { 'user-agent': PHONE } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', code: 0, data: { recorded: true }, bookmark: null });
    expect(String(res.headers['set-cookie'])).toMatch(/pb_landing=[^;]+;.*HttpOnly/i);
    const [row] = await t.db.query<{ channel: string; referrer: string; page_kind: string; site: number; user_id: string | null }>(
      'SELECT channel, referrer, page_kind, site, user_id FROM entry_landings ORDER BY id DESC LIMIT 1',
    );
    expect(row).toEqual({ channel: 'seo', referrer: 'google', page_kind: 'pin', site: 1, user_id: null });
    const { id } = await visitor.signUp({ email: 'landed@example.com', username: 'landed' });
    const [tied] = await t.db.query<{ channel: string; signed_up: boolean }>(
      'SELECT channel, signed_up_at IS NOT NULL AS signed_up FROM entry_landings WHERE user_id = $1',
      [id],
    );
    expect(tied).toEqual({ channel: 'seo', signed_up: true });
  });

  it('reads the invite code URL-encoded twice, and makes the landing an invite', async () => {
    const code = 'a b%c/é';
    const res = await t
      .client()
      .request('POST', LAND, { payload: { invite_code: encodeURIComponent(encodeURIComponent(code)), channel: 'seo', page_kind: 'profile' } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.query<{ channel: string; invite_code: string }>('SELECT channel, invite_code FROM entry_landings ORDER BY id DESC LIMIT 1');
    expect(row).toEqual({ channel: 'invite', invite_code: code });
  });

  it('refuses bad payloads with the envelope, naming the field, and stores nothing', async () => {
    const before = await landings();
    const bad: [unknown, string][] = [
      [{ invite_code: encodeURIComponent('a b') }, 'invite_code'], // encoded once only
      [{ invite_code: 'a b' }, 'invite_code'],
      [{ invite_code: '%' }, 'invite_code'],
      [{ invite_code: '%25' }, 'invite_code'],
      [{ invite_code: '%25zz' }, 'invite_code'],
      [{ invite_code: '%E0%A4%A' }, 'invite_code'],
      [{ invite_code: '%25E0%25A4%25A' }, 'invite_code'],
      [{ invite_code: '%2500' }, 'invite_code'],
      [{ invite_code: '' }, 'invite_code'],
      [{ invite_code: 'x'.repeat(513) }, 'invite_code'],
      [{ invite_code: 7 }, 'invite_code'],
      [{ page_kind: 'closeup' }, 'page_kind'],
      [{ channel: 'carrier-pigeon' }, 'channel'],
      [{ referrer: 'altavista' }, 'referrer'],
      [{ surprise: true }, ''],
    ];
    for (const [payload, field] of bad) {
      const res = await t.client().request('POST', LAND, { payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ status: 'failure', code: ERROR_CODES.INVALID_INPUT.code });
      if (field) expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    const notJson = await t.client().request('POST', LAND, { payload: '{"invite_code":', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ status: 'failure' });
    const huge = await t.client().request('POST', LAND, { payload: { invite_code: 'a'.repeat(5000) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.TOO_LARGE.code });
    expect(await landings()).toBe(before);
  });

  it('reads a long hostile code in linear time', async () => {
    const code = '%25'.repeat(150) + '%';
    const res = await t.client().request('POST', LAND, { payload: { invite_code: code } });
    expect(res.statusCode).toBe(400);
  });

  it('stores nothing for bots, social bots and signed-in people, answering success', async () => {
    const before = await landings();
    for (const ua of [GOOGLEBOT, FACEBOOK_PREVIEW]) {
      const res = await t.client().request('POST', LAND, { payload: { channel: 'seo' }, headers: { 'user-agent': ua } });
      expect(res.json()).toMatchObject({ status: 'success', data: { recorded: false } });
      expect(res.headers['set-cookie'] ?? '').not.toMatch(/pb_landing/);
    }
    const me = await t.person('Signed In', 'land');
    expect((await me.c.request('POST', LAND, { payload: { channel: 'fb' } })).json()).toMatchObject({ data: { recorded: false } });
    expect(await landings()).toBe(before);
  });

  it('is rate limited per client address', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_ATTRIBUTION_LAND: '2' });
    try {
      const c = limited.client({ ip: '10.9.9.9' });
      for (let i = 0; i < 2; i++) expect((await c.request('POST', LAND, { payload: {} })).statusCode).toBe(200);
      const third = await c.request('POST', LAND, { payload: {} });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.RATE_LIMITED.code });
    } finally {
      await limited.close();
    }
  });
});

describe('UnauthEventResource', () => {
  it('counts an event per day, event, page kind and site, with nothing about the visitor', async () => {
    const c = t.client();
    for (let i = 0; i < 2; i++) {
      const res = await c.resource('UnauthEventResource', 'create', { event: 'scroll_down_trigger', page_kind: 'home' });
      expect(res).toMatchObject({ httpStatus: 200, status: 'success', data: { recorded: true } });
    }
    const rows = await t.db.query("SELECT event, page_kind, site, count::int AS count FROM unauth_event_counts WHERE event = 'scroll_down_trigger'");
    expect(rows).toEqual([{ event: 'scroll_down_trigger', page_kind: 'home', site: 0, count: 2 }]);
    const columns = await t.db.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'unauth_event_counts' AND table_schema = current_schema() ORDER BY 1",
    );
    expect(columns.map((r) => r.column_name)).toEqual(['count', 'day', 'event', 'page_kind', 'site']);
  });

  it('refuses unknown events and page kinds, and malformed options, storing nothing', async () => {
    const before = await eventTotal();
    const bad: [Record<string, unknown>, string][] = [
      [{ event: 'pinView', page_kind: 'home' }, 'event'],
      [{ event: 'pin_view', page_kind: 'homepage' }, 'page_kind'],
      [{ event: 'pin_view' }, 'page_kind'],
      [{ page_kind: 'pin' }, 'event'],
      [{ event: 'pin_view', page_kind: 'pin', email: 'me@example.com' }, ''],
      [{ event: ['pin_view'], page_kind: 'pin' }, 'event'],
    ];
    for (const [options, field] of bad) {
      const res = await t.client().resource('UnauthEventResource', 'create', options);
      expect(res.httpStatus, JSON.stringify(options)).toBe(400);
      expect(res.error, JSON.stringify(options)).toMatchObject({ http_status: 400, code: ERROR_CODES.INVALID_INPUT.code });
      if (field) expect(res.error!.message, JSON.stringify(options)).toContain(field);
    }
    expect(await eventTotal()).toBe(before);
  });

  it('does not count bots or signed-in people', async () => {
    const before = await eventTotal();
    const bot = t.client();
    await bot.ensureCsrf();
    const res = await bot.request('POST', '/resource/UnauthEventResource/create/', {
      payload: { options: { event: 'pin_save', page_kind: 'pin' } },
      headers: { 'user-agent': GOOGLEBOT },
    });
    expect(res.json().resource_response.data).toEqual({ recorded: false });
    const me = await t.person('Counted', 'ev');
    expect((await me.c.resource('UnauthEventResource', 'create', { event: 'pin_save', page_kind: 'pin' })).data).toEqual({ recorded: false });
    expect(await eventTotal()).toBe(before);
  });

  it('is rate limited per client address', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_UNAUTH_EVENT: '3' });
    try {
      const c = limited.client({ ip: '10.8.8.8' });
      for (let i = 0; i < 3; i++) expect((await c.resource('UnauthEventResource', 'create', { event: 'pin_view', page_kind: 'pin' })).httpStatus).toBe(200);
      const refused = await c.resource('UnauthEventResource', 'create', { event: 'pin_view', page_kind: 'pin' });
      expect(refused.httpStatus).toBe(429);
      expect(refused.error!.code).toBe(ERROR_CODES.RATE_LIMITED.code);
    } finally {
      await limited.close();
    }
  });
});

describe('the Viewer of a visitor', () => {
  it('says bot or social bot from the user agent', async () => {
    const read = async (ua: string) => {
      const res = await t.client().request('GET', '/resource/UserSessionResource/get/', { headers: { 'user-agent': ua } });
      return res.json().resource_response.data;
    };
    expect(await read(GOOGLEBOT)).toMatchObject({ isAuth: false, isBot: true, isSocialBot: false });
    expect(await read(FACEBOOK_PREVIEW)).toMatchObject({ isBot: true, isSocialBot: true });
    expect(await read(PHONE)).toMatchObject({ isBot: false, isSocialBot: false });
  });

  it('knows the country: the account, else the geo header, else Accept-Language; the imprint is for DE, AT and CH', async () => {
    const read = async (headers: Record<string, string>, c = t.client()) =>
      (await c.request('GET', '/resource/UserSessionResource/get/', { headers })).json().resource_response.data;
    expect(await read({ 'cf-ipcountry': 'at', 'accept-language': 'en-US' })).toMatchObject({ country: 'AT', country_source: 'geo_header', show_imprint: true });
    expect(await read({ 'cf-ipcountry': 'XX', 'accept-language': 'de-CH,de;q=0.9' })).toMatchObject({
      country: 'CH',
      country_source: 'accept_language',
      show_imprint: true,
    });
    expect(await read({ 'accept-language': 'fr-FR' })).toMatchObject({ country: 'FR', show_imprint: false });
    expect(await read({ 'accept-language': 'de' })).toMatchObject({ country: null, country_source: 'none', show_imprint: false });
    const me = await t.person('Deutsch', 'geo');
    expect(await read({ 'cf-ipcountry': 'DE' }, me.c)).toMatchObject({ isAuth: true, country: 'US', country_source: 'account', show_imprint: false });
  });
});

describe('staff statistics and tracking ids', () => {
  it('shows sign-ups by channel per week to staff only; others get 404', async () => {
    const visitor = t.client();
    await visitor.request('POST', LAND, { payload: { channel: 'paid', page_kind: 'home' } });
    await visitor.signUp({ email: 'paid@example.com', username: 'paidsignup' });
    const staff = await t.person('Staff', 'adm');
    const plain = await t.person('Plain', 'adm');
    expect((await plain.c.resource('EntrySignupsResource', 'get')).httpStatus).toBe(404);
    expect((await t.client().resource('EntrySignupsResource', 'get')).httpStatus).toBe(401);
    await t.db.query('UPDATE users SET is_employee = true WHERE id = $1', [staff.id]);
    const res = await staff.c.resource('EntrySignupsResource', 'get', { weeks: 4 });
    expect(res.httpStatus).toBe(200);
    const thisWeek = res.data.weeks.filter((r: { week: string }) => r.week === res.data.weeks[0].week);
    expect(thisWeek).toEqual(
      expect.arrayContaining([
        { week: expect.any(String), channel: 'paid', signups: 1 },
        { week: expect.any(String), channel: 'seo', signups: 1 },
      ]),
    );
    expect(thisWeek.find((r: { channel: string }) => r.channel === 'unknown').signups).toBeGreaterThan(0);
    expect((await staff.c.resource('EntrySignupsResource', 'get', { weeks: 0 })).httpStatus).toBe(400);
  });

  it('encrypts the viewer id for shared Pin links, only for the viewer', async () => {
    const me = await t.person('Sharer', 'sti');
    const other = await t.person('Other', 'sti');
    const a = await me.c.resource('SocialTrackingIdResource', 'get', { user_id: me.id });
    const b = await me.c.resource('SocialTrackingIdResource', 'get', { user_id: me.id });
    expect(a.data).toMatch(/^[\w-]{30,}$/);
    expect(a.data).not.toContain(me.id);
    expect(a.data).not.toBe(b.data);
    expect((await me.c.resource('SocialTrackingIdResource', 'get', { user_id: other.id })).httpStatus).toBe(403);
    expect((await me.c.resource('SocialTrackingIdResource', 'get', { user_id: 'x' })).httpStatus).toBe(400);
  });
});

describe('shared Pin links', () => {
  it('store who shared the link a visitor landed by, from its tracking id; a forged one is ignored', async () => {
    const sharer = await t.person('Share Source', 'sti');
    const tid = (await sharer.c.resource('SocialTrackingIdResource', 'get', { user_id: sharer.id })).data as string;
    const res = await t.client().request('POST', LAND, { payload: { tracking_id: tid, page_kind: 'pin', channel: 'other', referrer: 'other' } });
    expect(res.json()).toMatchObject({ data: { recorded: true } });
    const [row] = await t.db.query<{ shared_by: string | null }>('SELECT shared_by FROM entry_landings ORDER BY id DESC LIMIT 1');
    expect(row!.shared_by).toBe(sharer.id);
    const forged = tid.slice(0, -2) + (tid.endsWith('AA') ? 'BB' : 'AA');
    await t.client().request('POST', LAND, { payload: { tracking_id: forged, page_kind: 'pin' } });
    const [next] = await t.db.query<{ shared_by: string | null }>('SELECT shared_by FROM entry_landings ORDER BY id DESC LIMIT 1');
    expect(next!.shared_by).toBeNull();
    expect((await t.client().request('POST', LAND, { payload: { tracking_id: 'short' } })).json()).toMatchObject({ status: 'failure', field: 'tracking_id' });
  });
});

describe('demo content', () => {
  it('gives staff sign-ups by several channels to look at (the demo person is not staff: demo-accounts.test.ts)', async () => {
    const { seedDemoEntry } = await import('../src/seed/demo-entry');
    const demo = await t.person('Demo Staff', 'dmo');
    const others = [await t.person('Demo One', 'dmo'), await t.person('Demo Two', 'dmo'), await t.person('Demo Three', 'dmo')];
    await seedDemoEntry(t.db, [demo.id, ...others.map((p) => p.id)]);
    expect((await demo.c.resource('EntrySignupsResource', 'get', { weeks: 12 })).httpStatus).toBe(404);
    await t.db.query('UPDATE users SET is_employee = true WHERE id = $1', [demo.id]);
    const res = await demo.c.resource('EntrySignupsResource', 'get', { weeks: 12 });
    expect(res.httpStatus).toBe(200);
    const channels = new Set(res.data.weeks.map((r: { channel: string }) => r.channel));
    for (const channel of ['seo', 'invite', 'direct', 'email']) expect(channels).toContain(channel);
    expect(res.data.events.length).toBeGreaterThan(0);
  });
});
