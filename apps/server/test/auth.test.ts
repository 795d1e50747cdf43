import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_ACCOUNT: '3', LOGIN_RATE_LIMIT_WINDOW_SECONDS: '60' });
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

  it('refuses a taken email with 409 and a reserved username with 400', async () => {
    const c = t.client();
    await c.signUp({ email: 'taken@example.com' });
    const again = await t.client().resource('UserRegisterResource', 'create', { email: 'TAKEN@example.com', password: 'whatever123' });
    expect(again.httpStatus).toBe(409);
    for (const username of ['settings', 'pin-builder', 'login']) {
      const r = await t.client().resource('UserRegisterResource', 'create', { email: `${username}@x.example.com`, password: 'whatever123', username });
      expect(r.httpStatus).toBe(400);
      expect(r.error?.field).toBe('username');
    }
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
    const fresh = await t.client().request('GET', '/healthz');
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
    expect(res.json().resource_response.error.code).toBe(1021);
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
