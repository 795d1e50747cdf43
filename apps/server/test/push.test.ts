/**
 * Web Push (decision 088): subscribing and unsubscribing browsers (PushSubscriptionResource), the checks of
 * their keys and endpoints, the VAPID key every server shares, and pushes sent through the real job queue to a
 * push service of the test's own (push-endpoint.ts), which checks the VAPID token and decrypts each push with
 * the browser's keys.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { deliverPush, PushRefused } from '../src/modules/push';
import { buildTestApp, type TestApp, type TestClient, type TestPerson } from './test-app';
import { openTestDb } from './test-db';
import { startPushEndpoint, type PushEndpoint, type Subscriber } from './push-endpoint';

const SUBJECT = 'mailto:push-tests@example.com';
let t: TestApp;
let ep: PushEndpoint;

beforeAll(async () => {
  t = await buildTestApp({ FETCH_ALLOW_PRIVATE_ADDRESSES: 'true', VAPID_SUBJECT: SUBJECT, RATE_LIMIT_PUSH_SUBSCRIPTION: '25' });
  ep = await startPushEndpoint({ subject: SUBJECT });
});
afterAll(async () => {
  await t?.close();
  await ep?.close();
});

const person = (name: string): Promise<TestPerson> => t.person(name, 'push');
const subscribe = (c: TestClient, s: Subscriber | Subscriber['subscription']) =>
  c.resource('PushSubscriptionResource', 'create', 'subscription' in s ? s.subscription : s);
const unsubscribe = (c: TestClient, endpoint: string) => c.resource('PushSubscriptionResource', 'delete', { endpoint });
const rowsOf = (db: Db, userId: string) =>
  db.query<{ endpoint: string; p256dh: string; failure_count: number; last_used_at: Date | null }>(
    'SELECT endpoint, p256dh, failure_count, last_used_at FROM push_subscriptions WHERE user_id = $1 ORDER BY id',
    [userId],
  );
const ownerOf = async (endpoint: string) =>
  (await t.db.query<{ user_id: string }>('SELECT user_id::text AS user_id FROM push_subscriptions WHERE endpoint = $1', [endpoint]))[0]?.user_id ?? null;
const publicKey = async (app: TestApp) => {
  const res = await app.client().request('GET', '/v3/push/key/');
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { public_key: string } }).data.public_key;
};
/** Waits for a condition of the database (the queue's workers run apart from the request). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}; problems: ${ep.problems.join('; ')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const message = (n: number) => ({ title: `Come back ${n}`, body: `Someone saved your Pin ${n}`, url: `/pin/${n}/`, tag: `saved-${n}` });

describe('the VAPID key', () => {
  it('is a P-256 public key in base64url, the same on every read', async () => {
    const key = await publicKey(t);
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const point = Buffer.from(key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(await publicKey(t)).toBe(key);
  });

  it('is the same on two servers that start together on one database, and on one that starts later', async () => {
    const db = await openTestDb();
    try {
      const [a, b] = await Promise.all([buildTestApp({}, { db }), buildTestApp({}, { db })]);
      const [ka, kb] = await Promise.all([publicKey(a), publicKey(b)]);
      expect(ka).toBe(kb);
      const c = await buildTestApp({}, { db });
      expect(await publicKey(c)).toBe(ka);
      expect(await db.query("SELECT name FROM shared_secrets WHERE name = 'vapid'")).toHaveLength(1);
      await Promise.all([a.close(), b.close(), c.close()]);
    } finally {
      await db.close();
    }
  });

  it('comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const own = await buildTestApp(
      { VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'), VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url') },
      { db: t.db },
    );
    try {
      expect(await publicKey(own)).toBe(ecdh.getPublicKey('base64url'));
    } finally {
      await own.close();
    }
  });
});

describe('subscribing', () => {
  it('keeps a browser, renews it with new keys, and unsubscribes it; a second unsubscribe finds none', async () => {
    const p = await person('Ada');
    const s = ep.subscriber();
    const r = await subscribe(p.c, s);
    expect(r.httpStatus).toBe(200);
    expect(r.data).toEqual({ endpoint: s.endpoint });
    expect((await rowsOf(t.db, p.id)).map((x) => x.endpoint)).toEqual([s.endpoint]);

    const renewed = createECDH('prime256v1');
    renewed.generateKeys();
    const again = await subscribe(p.c, { ...s.subscription, keys: { ...s.subscription.keys, p256dh: renewed.getPublicKey('base64url') } });
    expect(again.httpStatus).toBe(200);
    const rows = await rowsOf(t.db, p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.p256dh).toBe(renewed.getPublicKey('base64url'));

    const gone = await unsubscribe(p.c, s.endpoint);
    expect(gone.httpStatus).toBe(200);
    expect(gone.data).toEqual({ endpoint: s.endpoint });
    expect(await rowsOf(t.db, p.id)).toEqual([]);
    const twice = await unsubscribe(p.c, s.endpoint);
    expect(twice.httpStatus).toBe(404);
    expect(twice.error?.code).toBe(ERROR_CODES.NOT_FOUND.code);
  });

  it('needs a session', async () => {
    const anon = t.client();
    expect((await subscribe(anon, ep.subscriber())).httpStatus).toBe(401);
    expect((await unsubscribe(anon, ep.subscriber().endpoint)).httpStatus).toBe(401);
  });

  it("refuses keys that are not a browser's, naming which, in the contract's envelope", async () => {
    const p = await person('Keys');
    const s = ep.subscriber().subscription;
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const compressed = Buffer.concat([Buffer.from([2]), randomBytes(32)]).toString('base64url');
    const cases: [Record<string, string>, RegExp][] = [
      [{ p256dh: randomBytes(64).toString('base64url') }, /^keys\.p256dh: /],
      [{ p256dh: notOnCurve }, /^keys\.p256dh: /],
      [{ p256dh: compressed }, /^keys\.p256dh: /],
      [{ p256dh: `${s.keys.p256dh.slice(0, -2)}+/` }, /^keys\.p256dh: /],
      [{ auth: randomBytes(15).toString('base64url') }, /^keys\.auth: /],
      [{ auth: randomBytes(32).toString('base64url') }, /^keys\.auth: /],
      [{ auth: 'not base64url!!!' }, /^keys\.auth: /],
    ];
    for (const [keys, message] of cases) {
      const r = await subscribe(p.c, { ...s, keys: { ...s.keys, ...keys } });
      expect(r.httpStatus, JSON.stringify(keys)).toBe(400);
      expect(r.error?.code).toBe(ERROR_CODES.INVALID_INPUT.code);
      expect(r.error?.message).toMatch(message);
    }
    const noKeys = await p.c.resource('PushSubscriptionResource', 'create', { endpoint: s.endpoint });
    expect(noKeys.httpStatus).toBe(400);
    expect(noKeys.error?.code).toBe(ERROR_CODES.INVALID_INPUT.code);
    expect(await rowsOf(t.db, p.id)).toEqual([]);
    // Padding is tolerated and not kept.
    expect((await subscribe(p.c, { ...s, keys: { p256dh: `${s.keys.p256dh}=`, auth: `${s.keys.auth}==` } })).httpStatus).toBe(200);
    expect((await rowsOf(t.db, p.id))[0]!.p256dh).toBe(s.keys.p256dh);
  });

  it("answers another person's endpoint as if it were absent, and moves it to whoever subscribes it", async () => {
    const [a, b] = [await person('Owner'), await person('Other')];
    const s = ep.subscriber();
    expect((await subscribe(a.c, s)).httpStatus).toBe(200);
    const stranger = await unsubscribe(b.c, s.endpoint);
    const unknown = await unsubscribe(b.c, ep.subscriber().endpoint);
    expect(stranger.httpStatus).toBe(404);
    expect({ code: stranger.error?.code, message: stranger.error?.message }).toEqual({ code: unknown.error?.code, message: unknown.error?.message });
    expect(await ownerOf(s.endpoint)).toBe(a.id);

    // The same browser, another person signed in: the endpoint is theirs now, and no longer the first person's to remove.
    expect((await subscribe(b.c, s)).httpStatus).toBe(200);
    expect(await ownerOf(s.endpoint)).toBe(b.id);
    expect((await unsubscribe(a.c, s.endpoint)).httpStatus).toBe(404);
    expect(await ownerOf(s.endpoint)).toBe(b.id);
  });

  it('keeps 20 browsers of a person at most: a new one drops the oldest', async () => {
    const p = await person('Many');
    const subs = Array.from({ length: 22 }, () => ep.subscriber());
    for (const s of subs) expect((await subscribe(p.c, s)).httpStatus).toBe(200);
    expect((await rowsOf(t.db, p.id)).map((r) => r.endpoint).sort()).toEqual(
      subs
        .slice(2)
        .map((s) => s.endpoint)
        .sort(),
    );
    // Renewing the oldest kept one makes it the newest: the next new one drops the one after it.
    expect((await subscribe(p.c, subs[2]!)).httpStatus).toBe(200);
    expect((await subscribe(p.c, ep.subscriber())).httpStatus).toBe(200);
    const kept = (await rowsOf(t.db, p.id)).map((r) => r.endpoint);
    expect(kept).toHaveLength(20);
    expect(kept).toContain(subs[2]!.endpoint);
    expect(kept).not.toContain(subs[3]!.endpoint);
  });

  it('is limited per person: of 30 at once with a limit of 25, exactly 25 are kept and the rest answer 429 with Retry-After', async () => {
    const p = await person('Eager');
    const results = await Promise.all(Array.from({ length: 30 }, () => subscribe(p.c, ep.subscriber())));
    expect(results.filter((r) => r.httpStatus === 200)).toHaveLength(25);
    const refused = results.filter((r) => r.httpStatus !== 200);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.httpStatus).toBe(429);
      expect(r.error?.code).toBe(ERROR_CODES.RATE_LIMITED.code);
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(await rowsOf(t.db, p.id)).toHaveLength(20);
  });
});

describe('sending', () => {
  it('reaches every browser of the person through the queue, signed with the VAPID key and readable only with their keys', async () => {
    const p = await person('Reader');
    const [s1, s2] = [ep.subscriber(), ep.subscriber()];
    await subscribe(p.c, s1);
    await subscribe(p.c, s2);
    const someoneElse = await person('Bystander');
    const s3 = ep.subscriber();
    await subscribe(someoneElse.c, s3);

    await t.services.push.sendToUser(p.id, message(1));
    const [d1] = await ep.waitFor(1, s1.endpoint);
    const [d2] = await ep.waitFor(1, s2.endpoint);
    for (const d of [d1!, d2!]) {
      expect(JSON.parse(d.plaintext)).toEqual(message(1));
      expect(d.vapidKey).toBe(await publicKey(t));
      expect(d.jwt.sub).toBe(SUBJECT);
      expect(d.headers.ttl).toBe('86400');
      expect(d.headers.urgency).toBe('normal');
      expect(d.headers.topic).toMatch(/^[\w-]{32}$/);
    }
    await t.jobsSettled('push');
    expect(ep.posts.filter((e) => e === s3.endpoint)).toEqual([]);
    expect(ep.problems).toEqual([]);
    await until(async () => (await rowsOf(t.db, p.id)).every((r) => r.last_used_at !== null), 'last_used_at is set');
  });

  it('cuts a long message to fit under 3 KB', async () => {
    const p = await person('Long');
    const s = ep.subscriber();
    await subscribe(p.c, s);
    await t.services.push.sendToUser(p.id, { ...message(2), title: 'T'.repeat(500), body: 'é'.repeat(5000) });
    const [d] = await ep.waitFor(1, s.endpoint);
    expect(Buffer.byteLength(d!.plaintext)).toBeLessThanOrEqual(3072);
    const got = JSON.parse(d!.plaintext) as { title: string; body: string; url: string; tag: string };
    expect(got.title.length).toBeLessThanOrEqual(200);
    expect(got.body.endsWith('…')).toBe(true);
    expect({ url: got.url, tag: got.tag }).toEqual({ url: '/pin/2/', tag: 'saved-2' });
  });

  it('removes a subscription the push service says is gone (410), and keeps delivering to the others', async () => {
    const p = await person('Gone');
    const [gone, alive] = [ep.subscriber(), ep.subscriber()];
    await subscribe(p.c, gone);
    await subscribe(p.c, alive);
    ep.answer(gone.endpoint, 410);
    await t.services.push.sendToUser(p.id, message(3));
    await ep.waitFor(1, alive.endpoint);
    await until(async () => (await rowsOf(t.db, p.id)).length === 1, 'the gone subscription is removed');
    expect((await rowsOf(t.db, p.id))[0]!.endpoint).toBe(alive.endpoint);
    expect(ep.posts).toContain(gone.endpoint);
  });

  it('counts a refused push (400) as a failure at once; five in a row remove the subscription; one that arrives forgets them', async () => {
    const p = await person('Refused');
    const s = ep.subscriber();
    await subscribe(p.c, s);
    const failures = async () => (await rowsOf(t.db, p.id))[0]?.failure_count ?? null;
    ep.answer(s.endpoint, 400);
    await t.services.push.sendToUser(p.id, message(4));
    await until(async () => (await failures()) === 1, 'one failure counted');
    ep.answer(s.endpoint, 201);
    await t.services.push.sendToUser(p.id, message(5));
    await ep.waitFor(1, s.endpoint);
    await until(async () => (await failures()) === 0, 'the failures forgotten');
    ep.answer(s.endpoint, 400);
    for (let n = 1; n <= 5; n++) {
      await t.services.push.sendToUser(p.id, message(5 + n));
      if (n < 5) await until(async () => (await failures()) === n, `${n} failures counted`);
    }
    await until(async () => (await rowsOf(t.db, p.id)).length === 0, 'the subscription removed after five failures');
  });

  it('tries a push that failed for a passing reason (500) again, and counts it only when no try is left', async () => {
    const p = await person('Busy');
    const s = ep.subscriber();
    await subscribe(p.c, s);
    ep.answer(s.endpoint, 500);
    const { id } = (await t.db.query<{ id: string }>('SELECT id::text AS id FROM push_subscriptions WHERE endpoint = $1', [s.endpoint]))[0]!;
    const job = { subscription_id: id, ...message(20) };
    const deps = { db: t.db, config: t.config, signal: new AbortController().signal };
    const err = await deliverPush(job, { ...deps, lastAttempt: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PushRefused);
    expect((await rowsOf(t.db, p.id))[0]!.failure_count).toBe(0);
    await expect(deliverPush(job, { ...deps, lastAttempt: true })).rejects.toThrow(/500/);
    expect((await rowsOf(t.db, p.id))[0]!.failure_count).toBe(1);
    ep.answer(s.endpoint, 201);
    expect(await deliverPush(job, { ...deps, lastAttempt: false })).toBe('delivered');
    expect(JSON.parse((await ep.waitFor(1, s.endpoint))[0]!.plaintext)).toEqual(message(20));
  });
});

describe('endpoints the server may not post to (FETCH_ALLOW_PRIVATE_ADDRESSES off)', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await buildTestApp({ VAPID_SUBJECT: SUBJECT });
  });
  afterAll(() => guarded?.close());

  it('are refused at subscription: http, loopback, private, local names and other ports', async () => {
    const p = await guarded.person('Guarded', 'pushg');
    const keys = ep.subscriber().subscription.keys;
    for (const endpoint of [
      ep.subscriber().endpoint,
      'http://push.example.com/send/1',
      'https://127.0.0.1/send/1',
      'https://10.1.2.3/send/1',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/send/1',
      'https://[::ffff:127.0.0.1]/send/1',
      'https://localhost/send/1',
      'https://push.localhost/send/1',
      'https://intranet/send/1',
      'https://push.example.com:8443/send/1',
      'https://user:pass@push.example.com/send/1',
      'ftp://push.example.com/send/1',
    ]) {
      const r = await subscribe(p.c, { endpoint, keys, expirationTime: null });
      expect(r.httpStatus, endpoint).toBe(400);
      expect(r.error?.code).toBe(ERROR_CODES.INVALID_INPUT.code);
      expect(r.error?.message, endpoint).toMatch(/^endpoint: /);
    }
    expect(await rowsOf(guarded.db, p.id)).toEqual([]);
    expect((await subscribe(p.c, { endpoint: 'https://push.example.com/send/1', keys, expirationTime: null })).httpStatus).toBe(200);
  });

  it('are not posted to when a kept endpoint leads to a private address: the push fails for good and counts', async () => {
    const p = await guarded.person('Kept', 'pushg');
    const s = ep.subscriber();
    const port = new URL(ep.origin).port;
    for (const endpoint of [`https://127.0.0.1:${port}/push/kept`, `https://localhost:${port}/push/kept`, s.endpoint]) {
      await guarded.db.query('DELETE FROM push_subscriptions WHERE user_id = $1', [p.id]);
      await guarded.db.query('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)', [
        p.id,
        endpoint,
        s.subscription.keys.p256dh,
        s.subscription.keys.auth,
      ]);
      const { id } = (await guarded.db.query<{ id: string }>('SELECT id::text AS id FROM push_subscriptions WHERE user_id = $1', [p.id]))[0]!;
      const run = deliverPush(
        { subscription_id: id, ...message(30) },
        { db: guarded.db, config: guarded.config, signal: new AbortController().signal, lastAttempt: false },
      );
      await expect(run, endpoint).rejects.toBeInstanceOf(PushRefused);
      expect((await rowsOf(guarded.db, p.id))[0]!.failure_count).toBe(1);
    }
    expect(ep.posts.filter((e) => e.endsWith('/push/kept') || e === s.endpoint)).toEqual([]);
  });
});
