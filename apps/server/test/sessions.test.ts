/**
 * Ending sessions: a password change (every other session ends, the current
 * one goes on with a new token), "log out everywhere", and the live message
 * streams those sessions held; and the viewers kept in memory
 * (plugins/session-cache.ts), which every such change forgets at once.
 */
import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createRedisMessageBus } from '../src/modules/messages/messages.redis-bus';
import { registerMessageEventsRoute } from '../src/modules/messages/messages.routes';
import { sessionPlugin } from '../src/plugins/session';
import { createSessionCache } from '../src/plugins/session-cache';
import { MemoryRateLimiter } from '../src/rate-limit';
import { createServices } from '../src/services';
import { cutListenerDuring, otherConnection } from './db-observers';
import { buildTestApp, TestClient, type TestApp } from './test-app';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_CLIENT: '3' });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
let people = 0;

/** A person signed up in one browser, and logged in again in `more` other browsers. */
async function person(more = 1, ip?: string) {
  const name = `sess_${++people}_${randomBytes(3).toString('hex')}`;
  const first = t.client(ip ? { ip } : {});
  const { id } = await first.signUp({ email: `${name}@example.com`, username: name });
  const others: TestClient[] = [];
  for (let i = 0; i < more; i++) {
    const c = t.client(ip ? { ip } : {});
    const r = await c.resource('UserSessionResource', 'create', { username_or_email: name, password: PASSWORD });
    expect(r.httpStatus).toBe(200);
    others.push(c);
  }
  return { id, name, first, others };
}

const isSignedIn = async (c: TestClient) => (await c.resource('UserSessionResource', 'get')).data.isAuth as boolean;
const changePassword = (c: TestClient, current_password: string, new_password: string) =>
  c.resource('UserPasswordResource', 'update', { current_password, new_password });
const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Opens the conversation's event stream as `c`; `ended` resolves when the server closes it. */
async function openStream(c: TestClient, conversationId: string, url = baseUrl) {
  const abort = new AbortController();
  const res = await fetch(`${url}/v3/conversations/${conversationId}/events/`, {
    headers: { cookie: cookieOf(c), accept: 'text/event-stream' },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const ended = (async () => {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return text;
      text += decoder.decode(chunk.value, { stream: true });
    }
  })().catch(() => text);
  const deadline = Date.now() + 5000;
  while (!text.includes('connected') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return {
    /** Resolves true when the server ended the stream within `ms`, false when it is still open. */
    endsWithin: (ms: number) => Promise.race([ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]),
    close: () => abort.abort(),
  };
}

async function conversationOf(c: TestClient, withId: string) {
  const r = await c.resource('ConversationsResource', 'create', { user_ids: [withId], text: 'Hello there' });
  expect(r.httpStatus).toBe(200);
  return r.data.id as string;
}

describe('changing the password', () => {
  it('needs the current password, ends every other session, and keeps this one with a new token', async () => {
    const friend = await person(0);
    const me = await person(2);
    const [phone, laptop] = me.others as [TestClient, TestClient];
    const conv = await conversationOf(me.first, friend.id);
    const phoneStream = await openStream(phone, conv);
    const laptopStream = await openStream(laptop, conv);
    const ownStream = await openStream(me.first, conv);

    const wrong = await changePassword(me.first, 'not my password', 'a brand new passphrase');
    expect(wrong.httpStatus).toBe(400);
    expect(wrong.error).toMatchObject({ field: 'current_password', message: 'Your current password is not right.' });
    const common = await changePassword(me.first, PASSWORD, 'Password123');
    expect(common.httpStatus).toBe(400);
    expect(common.error).toMatchObject({ field: 'new_password', message: 'That password is too common. Please choose one that is harder to guess.' });
    const short = await changePassword(me.first, PASSWORD, 'short');
    expect(short.httpStatus).toBe(400);
    expect(short.error?.field).toBe('new_password');
    // Nothing has ended yet.
    expect(await isSignedIn(phone)).toBe(true);
    expect(await phoneStream.endsWithin(100)).toBe(false);

    const oldToken = me.first.cookies.get('pb_session');
    const ok = await changePassword(me.first, PASSWORD, 'a brand new passphrase');
    expect(ok.httpStatus).toBe(200);
    expect(ok.data).toEqual({ ended_sessions: 2 });
    const newToken = me.first.cookies.get('pb_session');
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);
    expect(await isSignedIn(me.first)).toBe(true);
    const replay = t.client();
    replay.cookies.set('pb_session', oldToken!);
    expect(await isSignedIn(replay)).toBe(false);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    // Their live streams close at once.
    expect(await phoneStream.endsWithin(2000)).toBe(true);
    expect(await laptopStream.endsWithin(2000)).toBe(true);
    // This browser's own stream is not told that its session ended (it goes on under the new token): told in the same
    // notice as the others, it would have closed with them.
    expect(await ownStream.endsWithin(100)).toBe(false);
    ownStream.close();

    const login = (password: string) => t.client().resource('UserSessionResource', 'create', { username_or_email: me.name, password });
    expect((await login(PASSWORD)).httpStatus).toBe(401);
    expect((await login('a brand new passphrase')).httpStatus).toBe(200);
  });

  it('is for a signed-in person only', async () => {
    const r = await changePassword(t.client(), PASSWORD, 'a brand new passphrase');
    expect(r.httpStatus).toBe(401);
  });

  it('counts wrong current passwords against the log-in limits', async () => {
    const me = await person(0, '198.51.100.77');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await changePassword(me.first, `wrong guess ${i}`, 'a brand new passphrase')).httpStatus);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('two-factor sign-in', () => {
  const codeAt = (secret: string, offsetSteps = 0) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

  async function turnOn(c: TestClient) {
    const secret = (await c.resource('UserMfaResource', 'create')).data.secret as string;
    const confirmed = await c.resource('UserMfaResource', 'update', { code: codeAt(secret) });
    expect(confirmed.httpStatus).toBe(200);
    return { secret, confirmed };
  }

  it('turned on, ends every other session and its streams, and keeps this one', async () => {
    const friend = await person(0);
    const me = await person(2);
    const [phone, laptop] = me.others as [TestClient, TestClient];
    const conv = await conversationOf(me.first, friend.id);
    const phoneStream = await openStream(phone, conv);
    const { confirmed } = await turnOn(me.first);
    expect(confirmed.data).toMatchObject({ enabled: true, ended_sessions: 2 });
    expect(await isSignedIn(me.first)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await phoneStream.endsWithin(2000)).toBe(true);
  });

  it('turned off, needs the password and a code; wrong passwords count against the log-in limits', async () => {
    const me = await person(0, '198.51.100.78');
    const { secret, confirmed } = await turnOn(me.first);
    const off = (o: Record<string, unknown>) => me.first.resource('UserMfaResource', 'delete', o);
    const noPassword = await off({ code: confirmed.data.recovery_codes[0] });
    expect(noPassword.httpStatus).toBe(400);
    expect(noPassword.error?.field).toBe('password');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await off({ code: confirmed.data.recovery_codes[0], password: `wrong guess ${i}` });
      if (i === 0) expect(r.error).toMatchObject({ field: 'password', message: 'Your password is not right.' });
      statuses.push(r.httpStatus);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    // No recovery code was used up by the refusals, and it is still on.
    expect((await me.first.resource('UserMfaResource', 'get')).data).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    const other = await person(0);
    const mfa = await turnOn(other.first);
    const wrongCode = await other.first.resource('UserMfaResource', 'delete', {
      code: codeAt(mfa.secret) === '000000' ? '111111' : '000000',
      password: PASSWORD,
    });
    expect(wrongCode.httpStatus).toBe(400);
    expect(wrongCode.error?.field).toBe('code');
    const ok = await other.first.resource('UserMfaResource', 'delete', { code: codeAt(mfa.secret, 1), password: PASSWORD });
    expect(ok.httpStatus).toBe(200);
    expect((await other.first.resource('UserMfaResource', 'get')).data.enabled).toBe(false);
    void secret;
  });
});

describe('log out everywhere', () => {
  it('ends every session of the account, this one included, and their streams', async () => {
    const friend = await person(0);
    const me = await person(1);
    const [tablet] = me.others as [TestClient];
    const conv = await conversationOf(me.first, friend.id);
    const tabletStream = await openStream(tablet, conv);
    const ownStream = await openStream(me.first, conv);
    const friendStream = await openStream(friend.first, conv);

    const r = await me.first.resource('UserSessionsResource', 'delete');
    expect(r.httpStatus).toBe(200);
    expect(r.data).toEqual({ isAuth: false, ended_sessions: 2 });
    expect(me.first.cookies.has('pb_session')).toBe(false);
    expect(await isSignedIn(tablet)).toBe(false);
    expect(await tabletStream.endsWithin(2000)).toBe(true);
    expect(await ownStream.endsWithin(2000)).toBe(true);
    // Other people's streams go on.
    expect(await friendStream.endsWithin(200)).toBe(false);
    friendStream.close();
    expect(await isSignedIn(friend.first)).toBe(true);
    expect((await t.client().resource('UserSessionsResource', 'delete')).httpStatus).toBe(401);
  });

  it('plain log-out ends the stream of that session only', async () => {
    const friend = await person(0);
    const me = await person(1);
    const [other] = me.others as [TestClient];
    const conv = await conversationOf(me.first, friend.id);
    const mine = await openStream(me.first, conv);
    const theirs = await openStream(other, conv);
    expect((await me.first.resource('UserSessionResource', 'delete')).httpStatus).toBe(200);
    expect(await mine.endsWithin(2000)).toBe(true);
    expect(await theirs.endsWithin(200)).toBe(false);
    theirs.close();
  });
});

describe('viewers kept in memory', () => {
  const misses = () => t.app.sessionCache.misses;
  /** Until `check` holds (a notice from another connection arrives within milliseconds). */
  async function eventually(check: () => Promise<boolean>) {
    for (let i = 0; i < 100; i++) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  }

  /** Until a read makes no lookup: the notices of the changes just made (the sign-up's own among them) have landed. */
  const settled = (c: TestClient) =>
    eventually(async () => {
      const before = misses();
      await isSignedIn(c);
      return misses() === before;
    });

  it('a signed-in read finds its viewer without the database once it is known', async () => {
    const me = await person(0);
    expect(await isSignedIn(me.first)).toBe(true);
    await settled(me.first);
    const before = misses();
    for (let i = 0; i < 5; i++) expect(await isSignedIn(me.first)).toBe(true);
    expect(misses() - before).toBe(0);
    // A made-up cookie is looked up every time, and never kept.
    const stranger = t.client();
    stranger.cookies.set('pb_session', randomBytes(32).toString('base64url'));
    const missesBefore = misses();
    expect(await isSignedIn(stranger)).toBe(false);
    expect(await isSignedIn(stranger)).toBe(false);
    expect(misses() - missesBefore).toBe(2);
  });

  it('forgets at once a session that logged out everywhere, and one ended or expired by another connection', async () => {
    const me = await person(1);
    const [second] = me.others;
    expect(await isSignedIn(second!)).toBe(true);
    expect((await me.first.resource('UserSessionsResource', 'delete')).httpStatus).toBe(200);
    expect(await isSignedIn(second!)).toBe(false);

    // Ended by another server (here: another connection), then expired there.
    const other = await person(1);
    expect(await isSignedIn(other.first)).toBe(true);
    expect(await isSignedIn(other.others[0]!)).toBe(true);
    await t.db.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> (SELECT min(token_hash) FROM sessions WHERE user_id = $1)', [other.id]);
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [other.id]);
    expect(await eventually(async () => !(await isSignedIn(other.first)) && !(await isSignedIn(other.others[0]!)))).toBe(true);
  });

  it('a session ended while the notices could not arrive is not served from memory', async () => {
    const me = await person(0);
    expect(await isSignedIn(me.first)).toBe(true);
    // The listening connection is cut, and the session ends meanwhile on another server: the notice is lost.
    const listeningAgain = await cutListenerDuring(t, 'session_changed', (c) => c.query('DELETE FROM sessions WHERE user_id = $1', [me.id]));
    expect(await isSignedIn(me.first)).toBe(false);
    await listeningAgain();
    expect(await isSignedIn(me.first)).toBe(false);
  });

  it("keeps a viewer no longer than its session lasts, nor than the cache's own limit", async () => {
    let lookups = 0;
    const viewer = { id: '1', username: 'short' };
    const cache = await createSessionCache(t.db, async () => ({ viewer, expiresAt: Date.now() + 10 + 60 * lookups++ }), 1000);
    try {
      expect(await cache.viewerOf('a'.repeat(43))).toEqual(viewer);
      await new Promise((r) => setTimeout(r, 40));
      expect(await cache.viewerOf('a'.repeat(43))).toEqual(viewer); // its session ended after 10 ms: looked up again
      expect(lookups).toBe(2);
      expect(await cache.viewerOf('a'.repeat(43))).toEqual(viewer); // now it lasts 70 ms: kept
      expect(lookups).toBe(2);
    } finally {
      await cache.stop();
    }
    const capped = await createSessionCache(t.db, async () => ({ viewer, expiresAt: Date.now() + 86_400_000 }), 30);
    try {
      await capped.viewerOf('b'.repeat(43));
      await capped.viewerOf('b'.repeat(43));
      expect(capped.misses).toBe(1);
      await new Promise((r) => setTimeout(r, 50));
      await capped.viewerOf('b'.repeat(43));
      expect(capped.misses).toBe(2);
    } finally {
      await capped.stop();
    }
  });

  it("keeps a viewer while other people's accounts change elsewhere, and forgets it when its own does (decision 064)", async () => {
    const me = await person(0);
    const someone = await person(0);
    expect(await isSignedIn(me.first)).toBe(true);
    // Other people's rows, changed by another server (here: another connection, not this server's own change).
    await otherConnection(t, async (c) => {
      await c.query("UPDATE users SET about = 'changed elsewhere' WHERE id = $1", [someone.id]);
      await c.query("UPDATE boards SET description = 'changed elsewhere' WHERE owner_id = $1", [someone.id]);
      // Heard once this one is: notices come in commit order.
      await c.query("UPDATE users SET about = 'last' WHERE id = $1", [someone.id]);
    });
    await settled(me.first);
    await otherConnection(t, (c) => c.query("UPDATE users SET about = 'again' WHERE id = $1", [someone.id]));
    const before = misses();
    for (let i = 0; i < 20; i++) expect(await isSignedIn(me.first)).toBe(true);
    expect(misses() - before).toBe(0);
    // Their own row changed elsewhere: the new name is read.
    const renamed = `${me.name}_y`;
    await otherConnection(t, (c) => c.query('UPDATE users SET username = $2 WHERE id = $1', [me.id, renamed]));
    expect(await eventually(async () => (await me.first.resource('UserSessionResource', 'get')).data.username === renamed)).toBe(true);
  });

  it("forgets an account's removal, made by another connection, and its new name at once when changed here", async () => {
    const me = await person(0);
    expect(await isSignedIn(me.first)).toBe(true);
    const renamed = `${me.name}_x`;
    expect((await me.first.resource('UserResource', 'update', { username: renamed })).httpStatus).toBe(200);
    expect((await me.first.resource('UserSessionResource', 'get')).data.username).toBe(renamed);
    await t.db.query("UPDATE users SET moderation = 'removed' WHERE id = $1", [me.id]);
    expect(await eventually(async () => !(await isSignedIn(me.first)))).toBe(true);
  });
});

describe('a stream whose session expired', () => {
  it('closes at its next ping', async () => {
    // The event route alone, pinging every 100 ms, on the same database.
    const services = createServices({ config: t.config, db: t.db, media: t.media, limiter: new MemoryRateLimiter() });
    const app = Fastify();
    await app.register(fastifyCookie);
    await sessionPlugin(app, { services, db: t.db, ttlDays: t.config.sessionTtlDays });
    registerMessageEventsRoute(app, services, { pingMs: 100 });
    await app.ready();
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const friend = await person(0);
      const me = await person(0);
      const conv = await conversationOf(me.first, friend.id);
      const stream = await openStream(me.first, conv, url);
      const other = await openStream(friend.first, conv, url);
      expect(await stream.endsWithin(300)).toBe(false);
      await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [me.id]);
      expect(await stream.endsWithin(2000)).toBe(true);
      expect(await other.endsWithin(300)).toBe(false);
      other.close();
    } finally {
      await app.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('ending sessions across server processes (Redis bus)', () => {
  it('closes a stream held by another server', async () => {
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    const servers = await Promise.all(
      [0, 1].map(async () => {
        const bus = createRedisMessageBus(process.env.TEST_REDIS_URL!, { prefix });
        const { app } = await buildApp({ config: t.config, db: t.db, media: t.media, limiter: new MemoryRateLimiter(), bus }, { logger: false });
        await app.ready();
        return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
      }),
    );
    try {
      const friend = await person(0);
      const me = await person(1);
      const [other] = me.others as [TestClient];
      const conv = await conversationOf(me.first, friend.id);
      const stream = await openStream(other, conv, servers[1]!.url);
      const viaOne = new TestClient(servers[0]!.app);
      for (const [k, v] of me.first.cookies) viaOne.cookies.set(k, v);
      expect((await viaOne.resource('UserSessionsResource', 'delete')).httpStatus).toBe(200);
      expect(await stream.endsWithin(3000)).toBe(true);
    } finally {
      for (const s of servers) await s.app.close();
    }
  });
});
