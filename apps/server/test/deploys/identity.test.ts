/**
 * One identity per process (decision 054): worker ids leased from the
 * database are never held by two live processes, the heartbeat counts the
 * servers alive and warns when several run without Redis, and the tracking-id
 * key is made once and shared through the database.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/client';
import { StartupError } from '../../src/db/embedded/startup-error';
import { currentWorkerId, newId, useWorkerId } from '../../src/lib/ids';
import { DiskMediaStore } from '../../src/media-pipeline/disk-media-store';
import { createServerPresence, NO_REDIS_WARNING } from '../../src/modules/servers';
import { MemoryRateLimiter } from '../../src/rate-limit';
import { TestClient } from '../test-app';
import { openTestDb } from '../test-db';

let db: Db;
const dir = mkdtempSync(join(tmpdir(), 'pinboard-identity-'));
const workerBefore = currentWorkerId();
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  useWorkerId(workerBefore);
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('worker ids', () => {
  it('are never the same for two live processes, also when they start at the same moment', async () => {
    const presences = Array.from({ length: 12 }, () => createServerPresence({ db, hasRedis: true }));
    await Promise.all(presences.map((p) => p.start()));
    const ids = presences.map((p) => p.workerId);
    expect(new Set(ids).size).toBe(12);
    const rows = await db.query<{ worker_id: number; instance_id: string }>('SELECT worker_id, instance_id FROM server_leases');
    expect(rows).toHaveLength(12);
    // Given back on stop: free for the next server.
    await Promise.all(presences.map((p) => p.stop()));
    expect(await db.query('SELECT 1 FROM server_leases')).toHaveLength(0);
  });

  it('honours WORKER_ID, and refuses to start with one a live process holds', async () => {
    const a = createServerPresence({ db, hasRedis: true, workerId: 7 });
    await a.start();
    expect(a.workerId).toBe(7);
    expect(currentWorkerId()).toBe(7);
    const b = createServerPresence({ db, hasRedis: true, workerId: 7 });
    const refused = await b.start().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(StartupError);
    expect((refused as Error).message).toMatch(/WORKER_ID 7 is held by another running server/);
    // Unset, the other takes a free one.
    const c = createServerPresence({ db, hasRedis: true });
    await c.start();
    expect(c.workerId).not.toBe(7);
    await a.stop();
    await c.stop();
  });

  it('take over a WORKER_ID whose holder on this host no longer runs (a restart after a crash)', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    await db.query(
      `INSERT INTO server_leases (worker_id, instance_id, host, pid, has_redis, expires_at) VALUES (8, 'crashed', $1, $2, true, now() + interval '30 seconds')`,
      [hostname(), gone],
    );
    const restarted = createServerPresence({ db, hasRedis: true, workerId: 8 });
    await restarted.start();
    expect(restarted.workerId).toBe(8);
    expect(await db.query('SELECT pid FROM server_leases WHERE worker_id = 8')).toEqual([{ pid: process.pid }]);
    // A live holder on another host is never taken over.
    await db.query(`UPDATE server_leases SET host = 'elsewhere', pid = $1 WHERE worker_id = 8`, [gone]);
    await expect(createServerPresence({ db, hasRedis: true, workerId: 8 }).start()).rejects.toThrow(/held by another running server \(elsewhere/);
    await db.query('DELETE FROM server_leases WHERE worker_id = 8');
    await restarted.stop();
  });

  it('stop making ids when the lease could have lapsed, and take the lease of a process that stopped beating', async () => {
    const stale = createServerPresence({ db, hasRedis: true, workerId: 9, ttlMs: 200, heartbeatMs: 60_000 });
    await stale.start();
    expect(newId()).toMatch(/^\d+$/);
    // No heartbeat came: past its lease, ids are refused rather than risk another process's.
    await vi.waitFor(() => expect(() => newId()).toThrow(/busy/i), { timeout: 5000, interval: 20 });
    const next = createServerPresence({ db, hasRedis: true, workerId: 9 });
    await vi.waitFor(() => next.start(), { timeout: 5000, interval: 50 });
    expect(next.workerId).toBe(9);
    expect(newId()).toMatch(/^\d+$/);
    await stale.stop();
    // The stale one's stop does not take the lease from the live holder.
    expect(await db.query('SELECT 1 FROM server_leases WHERE worker_id = 9')).toHaveLength(1);
    await next.stop();
  });
});

describe('the heartbeat', () => {
  it('never leases again once stopped, also when a beat is under way', async () => {
    for (let i = 0; i < 20; i++) {
      const p = createServerPresence({ db, hasRedis: true, heartbeatMs: 1 });
      await p.start();
      await vi.waitFor(async () => expect(await db.query('SELECT 1 FROM server_leases WHERE heartbeat_at > started_at')).toHaveLength(1));
      await p.stop();
      expect(await db.query('SELECT worker_id FROM server_leases')).toEqual([]);
    }
  });

  it('counts the servers alive, and warns when several run without REDIS_URL', async () => {
    const warnings: string[] = [];
    const a = createServerPresence({ db, hasRedis: false, warn: (m) => warnings.push(`a: ${m}`), heartbeatMs: 50 });
    await a.start();
    expect(a.status()).toEqual({ servers: 1, warnings: [] });
    expect(warnings).toEqual([]);
    const b = createServerPresence({ db, hasRedis: false, warn: (m) => warnings.push(`b: ${m}`), heartbeatMs: 50 });
    await b.start();
    // The one that starts second says so at start; the first at its next heartbeat.
    expect(b.status()).toEqual({ servers: 2, warnings: [NO_REDIS_WARNING(2)] });
    expect(warnings).toEqual([`b: ${NO_REDIS_WARNING(2)}`]);
    await vi.waitFor(() => expect(a.status().warnings).toEqual([NO_REDIS_WARNING(2)]));
    expect(warnings).toContain(`a: ${NO_REDIS_WARNING(2)}`);
    await b.stop();
    await vi.waitFor(() => expect(a.status()).toEqual({ servers: 1, warnings: [] }));
    await a.stop();
    // With Redis on every server, several are fine.
    const c = createServerPresence({ db, hasRedis: true });
    const d = createServerPresence({ db, hasRedis: true });
    await c.start();
    await d.start();
    expect(d.status()).toEqual({ servers: 2, warnings: [] });
    await c.stop();
    await d.stop();
  });
});

describe('the tracking-id key', () => {
  it('is made once and kept in the database, so a tracking id made on one server decodes on another', async () => {
    const app = async (name: string) => {
      const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: join(dir, name), WEB_DIST_DIR: join(dir, 'no-web') });
      expect(config.trackingIdSecret).toBe('');
      const built = await buildApp({ config, db, media: new DiskMediaStore(join(dir, name)), limiter: new MemoryRateLimiter() }, { logger: false });
      await built.app.ready();
      return built.app;
    };
    const [a, b] = await Promise.all([app('a'), app('b')]);
    try {
      const sharer = new TestClient(a);
      const { id } = await sharer.signUp({ email: 'sharer@example.com', username: 'sharer_ab' });
      const tid = (await sharer.resource('SocialTrackingIdResource', 'get', { user_id: id })).data as string;
      const landed = await new TestClient(b).request('POST', '/v3/invite_code/attribution/land/', {
        payload: { tracking_id: tid, page_kind: 'pin', channel: 'other', referrer: 'other' },
      });
      expect(landed.json()).toMatchObject({ data: { recorded: true } });
      const [row] = await db.query<{ shared_by: string | null }>('SELECT shared_by FROM entry_landings ORDER BY id DESC LIMIT 1');
      expect(row!.shared_by).toBe(id);
      expect(await db.query('SELECT name FROM shared_secrets')).toEqual([{ name: 'tracking_id' }]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('is the one set in TRACKING_ID_SECRET when it is set', () => {
    expect(loadConfig({ TRACKING_ID_SECRET: 'set-here' }).trackingIdSecret).toBe('set-here');
  });
});
