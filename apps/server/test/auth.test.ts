import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { MemoryRateLimiter, RedisRateLimiter } from '../src/rate-limit';
import { buildTestApp, type TestApp } from './test-app';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_ACCOUNT: '3', LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: '60' });
});
afterAll(() => t.close());

describe('sign-up', () => {
  it('creates the account, derives a username from the email and starts a session', async () => {
    const c = t.client();
    const user = await c.signUp({ email: 'Jane.Doe@example.com' });
    expect(user.username).toBe('janedoe');
    expect(user.id).toMatch(/^\d+$/);
    const viewer = await c.resource('UserSessionResource', 'get');
    expect(viewer.data).toMatchObject({ isAuth: true, id: user.id, username: 'janedoe', boardCount: 0, save_behavior: 1 });
  });

  it('stores an Argon2id hash with at least 19 MiB and 2 iterations, never the password', async () => {
    await t.client().signUp({ email: 'hash@example.com', password: 'a long secret phrase' });
    const row = await t.db.one<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = 'hash@example.com'");
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=2,p=1\$/);
    expect(Number(/m=(\d+)/.exec(row!.password_hash)![1])).toBeGreaterThanOrEqual(19456);
    expect(row?.password_hash).not.toContain('a long secret phrase');
  });

  it('refuses an email that has an account with 409 (in words that do not say so) and a reserved username with 400', async () => {
    const c = t.client();
    await c.signUp({ email: 'taken@example.com' });
    const again = await t.client().resource('UserRegisterResource', 'create', { email: 'TAKEN@example.com', password: 'whatever123' });
    expect(again.httpStatus).toBe(409);
    expect(again.error?.message).toBe('We could not sign you up with that email. If you have an account, log in instead.');
    for (const username of ['settings', 'pin-builder', 'login']) {
      const r = await t.client().resource('UserRegisterResource', 'create', { email: `${username}@x.example.com`, password: 'whatever123', username });
      expect(r.httpStatus).toBe(400);
      expect(r.error?.field).toBe('username');
    }
  });

  it('makes one account of two sign-ups at once with one email, and answers the other 409, not 500', async () => {
    const attempt = (email: string, username?: string) =>
      t.client().resource('UserRegisterResource', 'create', { email, password: 'correct horse battery', ...(username ? { username } : {}) });
    const sameEmail = await Promise.all([attempt('race@example.com'), attempt('Race@Example.com'), attempt('race@example.com', 'race_named')]);
    expect(sameEmail.map((r) => r.httpStatus).sort()).toEqual([200, 409, 409]);
    expect(await t.db.query("SELECT 1 FROM users WHERE lower(email) = 'race@example.com'")).toHaveLength(1);
    const sameName = await Promise.all([attempt('one.name@example.com', 'same_name'), attempt('two.name@example.com', 'same_name')]);
    expect(sameName.map((r) => r.httpStatus).sort()).toEqual([200, 409]);
    const loser = sameName.find((r) => r.httpStatus === 409)!;
    expect(loser.error?.message).toBe('That username is taken.');
  });

  it('refuses short passwords and bad emails, naming the field', async () => {
    const short = await t.client().resource('UserRegisterResource', 'create', { email: 'p@example.com', password: 'short' });
    expect(short.httpStatus).toBe(400);
    expect(short.error?.field).toBe('password');
    const email = await t.client().resource('UserRegisterResource', 'create', { email: 'not-an-email', password: 'long enough pw' });
    expect(email.httpStatus).toBe(400);
    expect(email.error?.field).toBe('email');
  });
});

describe('sessions', () => {
  it('logs in with username or email, issuing a new token each time', async () => {
    const c = t.client();
    await c.signUp({ email: 'login@example.com', username: 'login_me' });
    const first = c.cookies.get('pb_session');
    const byEmail = await c.resource('UserSessionResource', 'create', { username_or_email: 'login@example.com', password: 'correct horse battery' });
    expect(byEmail.httpStatus).toBe(200);
    expect(byEmail.data).toMatchObject({ isAuth: true, username: 'login_me' });
    const second = c.cookies.get('pb_session');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const byName = await t.client().resource('UserSessionResource', 'create', { username_or_email: 'LOGIN_ME', password: 'correct horse battery' });
    expect(byName.httpStatus).toBe(200);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, the CSRF cookie readable', async () => {
    const c = t.client();
    const res = await c.request('POST', '/resource/UserRegisterResource/create/', {
      payload: { options: { email: 'cookie@example.com', password: 'correct horse battery' } },
    });
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = setCookie.find((h) => h.startsWith('pb_session='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    const token = decodeURIComponent(session!.split(';')[0]!.split('=')[1]!);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const fresh = await t.client().request('GET', '/', { headers: { accept: 'text/html' } });
    const csrf = ([] as string[]).concat(fresh.headers['set-cookie'] ?? []).find((h) => h.startsWith('csrftoken='));
    expect(csrf).toBeTruthy();
    expect(csrf).not.toMatch(/HttpOnly/);
  });

  it('ends the session on the server at logout: the old token no longer works', async () => {
    const c = t.client();
    await c.signUp({ email: 'logout@example.com' });
    const token = c.cookies.get('pb_session')!;
    const out = await c.resource('UserSessionResource', 'delete');
    expect(out.httpStatus).toBe(200);
    const replay = t.client();
    replay.cookies.set('pb_session', token);
    const viewer = await replay.resource('UserSessionResource', 'get');
    expect(viewer.data).toMatchObject({ isAuth: false });
    expect(viewer.data.id).toBeUndefined();
  });

  it('answers 401 for a wrong password and 429 with Retry-After past the per-account limit', async () => {
    await t.client().signUp({ email: 'limited@example.com', username: 'limited' });
    const attempt = () => t.client().resource('UserSessionResource', 'create', { username_or_email: 'limited', password: 'wrong password' });
    for (let i = 0; i < 3; i++) expect((await attempt()).httpStatus).toBe(401);
    const blocked = await attempt();
    expect(blocked.httpStatus).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits until the window passes.
    const right = await t.client().resource('UserSessionResource', 'create', { username_or_email: 'limited', password: 'correct horse battery' });
    expect(right.httpStatus).toBe(429);
  });
});

describe('CSRF and origin', () => {
  it('refuses an unsafe request without the X-CSRFToken header', async () => {
    const c = t.client();
    await c.ensureCsrf();
    const res = await c.request('POST', '/resource/UserRegisterResource/create/', {
      csrf: false,
      payload: { options: { email: 'csrf@example.com', password: 'correct horse battery' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().resource_response.error.code).toBe(ERROR_CODES.CSRF_FAILED.code);
    expect(await t.db.one("SELECT 1 FROM users WHERE email = 'csrf@example.com'")).toBeNull();
  });

  it('refuses a header that does not match the cookie, and another origin', async () => {
    const c = t.client();
    await c.ensureCsrf();
    const wrong = await c.request('POST', '/resource/UserSessionResource/delete/', { csrf: false, headers: { 'x-csrftoken': 'nope' } });
    expect(wrong.statusCode).toBe(403);
    const foreign = await c.request('DELETE', '/resource/UserSessionResource/delete/', { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    const same = await c.request('DELETE', '/resource/UserSessionResource/delete/', { headers: { origin: 'http://localhost:80' } });
    expect(same.statusCode).toBe(200);
  });
});

describe('log-in limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      LOGIN_RATE_LIMIT_ACCOUNT: '4',
      LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: '3600',
      LOGIN_RATE_LIMIT_CLIENT: '3',
      LOGIN_RATE_LIMIT_WINDOW_SECONDS: '900',
    });
  });
  afterAll(() => limited.close());

  const logIn = (ip: string, username_or_email: string, password = 'wrong password') =>
    limited.client({ ip }).resource('UserSessionResource', 'create', { username_or_email, password });

  it('lets at most the account budget through to the password check, even when the attempts come at once', async () => {
    await limited.client({ ip: '192.0.2.1' }).signUp({ email: 'rush@example.com', username: 'rush_target' });
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => logIn(`198.51.100.${i + 1}`, 'rush_target')));
    const statuses = results.map((r) => r.httpStatus);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12);
    for (const r of results.filter((x) => x.httpStatus === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets at most the client budget through from one address, even when the attempts come at once', async () => {
    await limited.client({ ip: '192.0.2.4' }).signUp({ email: 'one.ip@example.com', username: 'one_ip_target' });
    const results = await Promise.all(Array.from({ length: 12 }, () => logIn('203.0.113.9', 'one_ip_target')));
    const statuses = results.map((r) => r.httpStatus);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('counts the username and the email of one account against one budget', async () => {
    await limited.client({ ip: '192.0.2.2' }).signUp({ email: 'Both.Names@example.com', username: 'both_names' });
    const tries = [
      ['203.0.113.21', 'both_names'],
      ['203.0.113.22', 'both.names@example.com'],
      ['203.0.113.23', 'BOTH_NAMES'],
      ['203.0.113.24', 'Both.Names@Example.com'],
    ];
    for (const [ip, name] of tries) expect((await logIn(ip!, name!)).httpStatus).toBe(401);
    expect((await logIn('203.0.113.25', 'both.names@example.com')).httpStatus).toBe(429);
    expect((await logIn('203.0.113.26', 'both_names', 'correct horse battery')).httpStatus).toBe(429);
  });

  it('does not charge a client for attempts its successful log-ins made', async () => {
    await limited.client({ ip: '192.0.2.3' }).signUp({ email: 'often@example.com', username: 'often_in' });
    for (let i = 0; i < 6; i++) expect((await logIn('203.0.113.40', 'often_in', 'correct horse battery')).httpStatus).toBe(200);
    expect((await logIn('203.0.113.40', 'often_in')).httpStatus).toBe(401);
  });

  it('does not charge a client for two-factor log-ins that succeed, password step included', async () => {
    await twoFactorLogInsFromOneOffice(limited, 'often_mfa');
  });
});

/**
 * With a client budget of 3: six people's worth of two-factor log-ins from one address (each first asked for a
 * code, then sending it) all get in, and a wrong password is still only a wrong password; wrong codes stay charged.
 */
async function twoFactorLogInsFromOneOffice(app: TestApp, username: string) {
  const office = '203.0.113.50';
  const c = app.client({ ip: '192.0.2.60' });
  await c.signUp({ email: `${username}@example.com`, username });
  const secret = (await c.resource('UserMfaResource', 'create')).data.secret as string;
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const recovery = (await c.resource('UserMfaResource', 'update', { code })).data.recovery_codes as string[];
  const logIn = (o: Record<string, string>) =>
    app.client({ ip: office }).resource('UserSessionResource', 'create', { username_or_email: username, password: 'correct horse battery', ...o });
  for (let i = 0; i < 6; i++) {
    expect((await logIn({})).httpStatus, `log-in ${i}: asked for the code`).toBe(401);
    expect((await logIn({ mfa_code: recovery[i]! })).httpStatus, `log-in ${i}: with the code`).toBe(200);
  }
  expect((await logIn({ password: 'wrong password' })).httpStatus).toBe(401);
  // A wrong code is not given back: with the wrong password above, the third failure uses the budget up.
  expect((await logIn({ mfa_code: 'aaaaa-aaaaa' })).httpStatus).toBe(400);
  expect((await logIn({ mfa_code: 'bbbbb-bbbbb' })).httpStatus).toBe(400);
  expect((await logIn({ mfa_code: recovery[7]! })).httpStatus).toBe(429);
}

describe.runIf(process.env.TEST_REDIS_URL)('log-in limits on Redis', () => {
  let app: TestApp;
  beforeAll(async () => {
    const limiter = new RedisRateLimiter(process.env.TEST_REDIS_URL!, { prefix: `test:auth:${process.pid}:${Date.now()}:` });
    app = await buildTestApp({ LOGIN_RATE_LIMIT_ACCOUNT: '4', LOGIN_RATE_LIMIT_CLIENT: '3', LOGIN_RATE_LIMIT_WINDOW_SECONDS: '900' }, { limiter });
  });
  afterAll(() => app?.close());

  it('do not charge a client for two-factor log-ins that succeed', async () => {
    await twoFactorLogInsFromOneOffice(app, 'often_mfa_redis');
  });
});

describe('an account under attack', () => {
  let app: TestApp;
  /** The limiter's clock, moved on by hand. */
  let now = Date.now();
  beforeAll(async () => {
    // Each client may fail 3 times in 15 minutes; the account's larger budget of 5 comes back within an hour.
    app = await buildTestApp(
      {
        LOGIN_RATE_LIMIT_CLIENT: '3',
        LOGIN_RATE_LIMIT_WINDOW_SECONDS: '900',
        LOGIN_RATE_LIMIT_ACCOUNT: '5',
        LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: '3600',
      },
      { limiter: new MemoryRateLimiter(() => now) },
    );
  });
  afterAll(() => app.close());

  it('stops one attacking client before the account, and lets the owner in once the account window has passed', async () => {
    const owner = '192.0.2.10';
    await app.client({ ip: owner }).signUp({ email: 'victim@example.com', username: 'victim' });
    const attempt = (ip: string, password: string) => app.client({ ip }).resource('UserSessionResource', 'create', { username_or_email: 'victim', password });
    const attacker = '203.0.113.66';
    const single: number[] = [];
    for (let i = 0; i < 6; i++) single.push((await attempt(attacker, `guess number ${i}`)).httpStatus);
    expect(single).toEqual([401, 401, 401, 429, 429, 429]);
    // One client cannot lock the owner out.
    expect((await attempt(owner, 'correct horse battery')).httpStatus).toBe(200);

    // Many clients can, for a while: the account's own budget runs out...
    const many: number[] = [];
    for (let i = 0; i < 8; i++) many.push((await attempt(`198.51.100.${100 + i}`, `spread guess ${i}`)).httpStatus);
    expect(many).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect((await attempt(owner, 'correct horse battery')).httpStatus).toBe(429);
    // ...and comes back gradually, one attempt every 12 minutes; the first attacker is still held by its own limit...
    now += 12 * 60_000;
    expect((await attempt(attacker, 'yet another guess')).httpStatus).toBe(429);
    expect((await attempt('198.51.100.120', 'one more guess')).httpStatus).toBe(401);
    expect((await attempt('198.51.100.121', 'and another')).httpStatus).toBe(429);
    // ...so it is not for good: once the account window has passed, the owner is let in.
    now += 60 * 60_000;
    expect((await attempt(owner, 'correct horse battery')).httpStatus).toBe(200);
  });
});
