/**
 * Read replicas (decision 068), on a real streaming replica: a primary and a
 * pg_basebackup standby of it started here (deploys/streaming-replica.ts),
 * and two apps (A and B, as two servers) on the primary with
 * DATABASE_READ_URL naming the replica. With the replica's replay paused,
 * what a read sees tells which of the two answered it:
 *   - signed-out searches, home feeds and sitemaps, and a signed-in person's
 *     read of someone else's profile, are answered by the replica;
 *   - a person who just changed something reads it at once on either server
 *     (the signed cookie of their change), and after the window their reads
 *     go to the replica again;
 *   - with the replica stopped, the same reads answer 200 from the primary,
 *     one line says so, and once it is back reads go to it again.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { createDatabaseIfMissing } from '../src/db/open';
import { FRESH_COOKIE, freshToken, freshUntil } from '../src/plugins/read-routing';
import { makeBoard, makePin, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { until } from './deploys/server-process';
import { startStreamingPair, type StreamingPair } from './deploys/streaming-replica';
import { buildTestApp, TestClient, type TestApp } from './test-app';

/** Long enough for a change and the next read on a busy machine; the test waits it out once. */
const STICKY_MS = 6000;

let pair: StreamingPair;
let a: TestApp;
let b: TestApp;
const dbs: Db[] = [];
const logs = { a: [] as string[], b: [] as string[] };
let image: StoredImage;

const logger = (lines: string[]) => ({ level: 'info', stream: { write: (line: string) => void lines.push(line) } });

beforeAll(async () => {
  pair = await startStreamingPair();
  await createDatabaseIfMissing(pair.primaryUrl('postgres'), 'pinboard');
  const first = openPostgres(pair.primaryUrl('pinboard'), { max: 4 });
  dbs.push(first);
  await migrate(first);
  dbs.push(openPostgres(pair.primaryUrl('pinboard'), { max: 4 }));
  const env = { DATABASE_READ_URL: pair.replicaUrl('pinboard'), READ_REPLICA_STICKY_MS: String(STICKY_MS) };
  a = await buildTestApp(env, { db: dbs[0], logger: logger(logs.a) });
  b = await buildTestApp(env, { db: dbs[1], logger: logger(logs.b) });
  image = await makeStoredImage(a.media, { seed: 68 });
  await pair.caughtUp();
}, 240_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  for (const db of dbs) await db.close();
  await pair?.stop();
}, 120_000);

const word = () => `zq${randomBytes(4).toString('hex')}`;

/** A public Pin titled `title` by a new person, written straight to the primary. */
async function pinOnPrimary(title: string) {
  const owner = await makeUser(a.db, { username: `rr${randomBytes(3).toString('hex')}` });
  const board = await makeBoard(a.db, owner.id, { name: `Board ${title}` });
  const pinId = await makePin(a.db, { pinnerId: owner.id, boardId: board.id, image, title });
  return { owner, board, pinId };
}

const searchIds = async (c: TestClient, q: string) => {
  const r = await c.resource('BaseSearchResource', 'get', { query: q, scope: 'pins' });
  expect(r.httpStatus).toBe(200);
  return (r.data as { id: string }[]).map((p) => p.id);
};
const homeIds = async (c: TestClient) => {
  const r = await c.resource('UserHomefeedResource', 'get', { page_size: 50 });
  expect(r.httpStatus).toBe(200);
  return (r.data as { id: string }[]).map((p) => p.id);
};
const profileSitemap = async (c: TestClient) => {
  const res = await c.request('GET', '/sitemaps/profile-0.xml');
  expect(res.statusCode).toBe(200);
  return res.body;
};
const boardCount = async (c: TestClient, username: string) => {
  const r = await c.resource('UserResource', 'get', { username });
  return { status: r.httpStatus, boards: r.data?.board_count as number | undefined };
};

describe('reads on a streaming replica', () => {
  it('answers signed-out searches, home feeds and sitemaps, and others\u2019 profiles, from the replica', async () => {
    const reader = await a.person('Reader', 'rr');
    reader.c.cookies.delete(FRESH_COOKIE); // as when the window of their sign-up has passed
    await pair.pauseReplay();
    try {
      const title = word();
      const { owner, pinId } = await pinOnPrimary(title);
      const anonA = a.client();
      const anonB = b.client();
      // The rows are on the primary; the replica has not applied them, and these reads do not see them.
      expect((await a.db.query('SELECT 1 FROM pins WHERE id = $1', [pinId])).length).toBe(1);
      expect(await searchIds(anonA, title)).toEqual([]);
      expect(await searchIds(anonB, title)).toEqual([]);
      expect(await homeIds(anonA)).not.toContain(pinId);
      expect(await profileSitemap(anonB)).not.toContain(`/${owner.username}/`);
      expect((await boardCount(reader.c, owner.username)).status).toBe(404);
      // A signed-out read the memory cache may keep is read on the primary (what memory keeps is never older than the notices it heard).
      expect(await boardCount(anonA, owner.username)).toEqual({ status: 200, boards: 1 });
      // The replica's own connections did the reading.
      const onReplica = openPostgres(pair.replicaUrl('pinboard'), { max: 1 });
      const [row] = await onReplica.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'pinboard-read'");
      await onReplica.close();
      expect(row!.n).toBeGreaterThan(0);
      // And only they: sessions, the caches' LISTEN and the job queue stay on the primary.
      const others = openPostgres(pair.replicaUrl('postgres'), { max: 1 });
      const elsewhere = await others.query<{ application_name: string; query: string }>(
        `SELECT application_name, query FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND datname = 'pinboard' AND application_name <> 'pinboard-read'`,
      );
      await others.close();
      expect(elsewhere).toEqual([]);

      await pair.resumeReplay();
      await pair.caughtUp();
      expect(await searchIds(anonA, title)).toEqual([pinId]);
      expect(await homeIds(anonB)).toContain(pinId);
      expect(await profileSitemap(anonB)).toContain(`/${owner.username}/`);
      expect(await boardCount(reader.c, owner.username)).toEqual({ status: 200, boards: 1 });
    } finally {
      await pair.resumeReplay();
    }
  }, 120_000);

  it('lets a person read their own change at once on either server, and then reads on the replica again', async () => {
    const writer = await a.person('Writer', 'rr');
    const other = await b.person('Other', 'rr');
    other.c.cookies.delete(FRESH_COOKIE);
    await pair.caughtUp();
    await pair.pauseReplay();
    try {
      const made = await writer.c.resource('BoardResource', 'create', { name: 'Made just now', privacy: 'public' });
      expect(made.httpStatus).toBe(200);
      const changedAt = Date.now();
      expect(writer.c.cookies.has(FRESH_COOKIE)).toBe(true);
      // On A, which took the change, and on B, which did not (the same browser: its cookies): both read it from the primary.
      const writerOnB = new TestClient(b.app);
      for (const [k, v] of writer.c.cookies) writerOnB.cookies.set(k, v);
      const onA = await boardCount(writer.c, writer.username);
      const onB = await boardCount(writerOnB, writer.username);
      const readWithin = Date.now() - changedAt;
      expect(readWithin).toBeLessThan(STICKY_MS); // else the check below proves nothing
      expect(onA).toEqual({ status: 200, boards: 1 });
      expect(onB).toEqual({ status: 200, boards: 1 });
      // Someone else reads the same profile on the replica, which has not applied the change yet.
      expect(await boardCount(other.c, writer.username)).toEqual({ status: 200, boards: 0 });

      // Once the window has passed, the writer's reads go to the replica again (which still lags).
      await until(
        () => boardCount(writerOnB, writer.username),
        (r) => r.boards === 0,
        60_000,
      );
      expect(Date.now() - changedAt).toBeGreaterThanOrEqual(STICKY_MS - 50);
      await pair.resumeReplay();
      await pair.caughtUp();
      expect(await boardCount(writerOnB, writer.username)).toEqual({ status: 200, boards: 1 });
    } finally {
      await pair.resumeReplay();
    }
  }, 120_000);

  it('never serves a profile made private from memory, while the replica still has it open', async () => {
    const owner = await a.person('Keeper', 'rr');
    await pair.caughtUp();
    const anonB = b.client();
    const read = async () => (await anonB.resource('UserResource', 'get', { username: owner.username })).data as { content_visible: boolean };
    expect((await read()).content_visible).toBe(true); // now kept in B's memory
    await pair.pauseReplay();
    try {
      expect((await owner.c.resource('UserResource', 'update', { is_private_profile: true })).httpStatus).toBe(200);
      // B hears the primary's notice and forgets; what it reads and keeps next comes from the primary, never from the lagging replica.
      await until(read, (p) => !p.content_visible, 5000);
      expect((await read()).content_visible).toBe(false);
    } finally {
      await pair.resumeReplay();
    }
  }, 60_000);

  it('answers from the primary while the replica is stopped, and goes back to it once it is up', async () => {
    const title = word();
    await pair.pauseReplay();
    const { owner, pinId } = await pinOnPrimary(title);
    const anonA = a.client();
    const anonB = b.client();
    expect(await searchIds(anonA, title)).toEqual([]);
    await pair.stopReplica();

    // Every read answers 200, now from the primary: the new Pin is there.
    expect(await searchIds(anonA, title)).toEqual([pinId]);
    expect(await searchIds(anonB, title)).toEqual([pinId]);
    expect(await homeIds(anonA)).toContain(pinId);
    expect(await profileSitemap(anonB)).toContain(`/${owner.username}/`);
    const other = await b.person('Looker', 'rr');
    other.c.cookies.delete(FRESH_COOKIE);
    expect(await boardCount(other.c, owner.username)).toEqual({ status: 200, boards: 1 });
    const away = (lines: string[]) => lines.filter((l) => l.includes('The read replica at DATABASE_READ_URL does not answer'));
    expect(away(logs.a)).toHaveLength(1);
    expect(away(logs.b)).toHaveLength(1);

    await pair.startReplica();
    const back = (lines: string[]) => lines.some((l) => l.includes('The read replica at DATABASE_READ_URL answers again'));
    await until(
      async () => back(logs.a) && back(logs.b),
      (ok) => ok,
      60_000,
    );
    await pair.caughtUp();
    // Reads go to the replica again: with its replay paused, a new Pin is not seen there.
    const later = word();
    await pair.pauseReplay();
    try {
      const again = await pinOnPrimary(later);
      expect(await searchIds(anonA, later)).toEqual([]);
      expect(await searchIds(anonB, later)).toEqual([]);
      await pair.resumeReplay();
      await pair.caughtUp();
      expect(await searchIds(anonA, later)).toEqual([again.pinId]);
    } finally {
      await pair.resumeReplay();
    }
  }, 180_000);
});

describe('the cookie that keeps a person on the primary', () => {
  it('holds only with this site\u2019s signature and until it ends', () => {
    const now = Date.now();
    const token = freshToken('secret', now + 5000);
    expect(freshUntil('secret', token, now)).toBe(true);
    expect(freshUntil('other secret', token, now)).toBe(false);
    expect(freshUntil('secret', token, now + 5000)).toBe(false);
    expect(freshUntil('secret', token.replace(/^\d+/, String(now + 60_000)), now)).toBe(false);
    expect(freshUntil('secret', 'garbage', now)).toBe(false);
    expect(freshUntil('secret', undefined, now)).toBe(false);
  });

  it('is not set, and nothing changes, without DATABASE_READ_URL', async () => {
    const t = await buildTestApp();
    try {
      const p = await t.person('Plain', 'rr');
      expect(p.c.cookies.has(FRESH_COOKIE)).toBe(false);
      expect((await p.c.resource('BoardResource', 'create', { name: 'Plain board' })).httpStatus).toBe(200);
      expect(p.c.cookies.has(FRESH_COOKIE)).toBe(false);
      expect(await boardCount(p.c, p.username)).toEqual({ status: 200, boards: 1 });
    } finally {
      await t.close();
    }
  }, 60_000);
});
