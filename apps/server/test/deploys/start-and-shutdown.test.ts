/**
 * The real server process (decision 054): two servers starting at once on an
 * empty database; /readyz 503 while starting, while draining after SIGTERM
 * and while the database is away, /healthz 200 through the drain; a request
 * accepted before SIGTERM finishes; an event stream closes with a retry
 * hint; the worker ids differ; several servers without Redis say so; a
 * REDIS_URL that nothing answers at start costs no crash.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { freePort } from './own-redis';
import { freshDatabase, HttpClient, probe, startServer, until, type ServerProcess } from './server-process';

const servers: ServerProcess[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const d of drops) await d();
}, 60_000);

describe('the server process', () => {
  it('starts twice at once on an empty database, drains on SIGTERM and exits', { timeout: 180_000 }, async () => {
    const { url, drop } = await freshDatabase();
    drops.push(drop);
    const env = { DATABASE_URL: url, SHUTDOWN_DRAIN_MS: '1500', LOGIN_RATE_LIMIT_CLIENT: '1000', SIGNUP_RATE_LIMIT_CLIENT: '1000' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    servers.push(a, b);

    // While starting: not ready.
    const early = await until(
      () => probe(`${a.base}/readyz`),
      (r) => r !== 'refused',
    );
    const earlyHealth = await probe(`${a.base}/healthz`);
    // Both become ready: the migrations ran once, under their lock.
    const seen = await Promise.all(
      [a, b].map(async (s) => {
        const statuses: number[] = [];
        await until(
          async () => {
            const r = await probe(`${s.base}/readyz`);
            if (r !== 'refused') statuses.push(r.status);
            return r;
          },
          (r) => r !== 'refused' && r.status === 200,
          120_000,
        ).catch((err: Error) => Promise.reject(new Error(`${err.message}\n${s.output()}`)));
        return statuses;
      }),
    );
    expect(early).toMatchObject({ status: 503, body: { data: { state: 'starting' } } });
    // /healthz answers too, and says so; it turns 200 once the app serves (the way scripts wait for a server).
    if (earlyHealth !== 'refused' && earlyHealth.status !== 200) expect(earlyHealth).toMatchObject({ status: 503, body: { data: { status: 'starting' } } });
    expect(seen.every((statuses) => statuses.at(-1) === 200)).toBe(true);

    // One identity each: two leases, two worker ids, one per process.
    const db = openPostgres(url, { max: 1 });
    try {
      const leases = await db.query<{ worker_id: number; pid: number }>('SELECT worker_id, pid FROM server_leases ORDER BY pid');
      expect(leases.map((l) => l.pid).sort()).toEqual([a.child.pid, b.child.pid].sort());
      expect(new Set(leases.map((l) => l.worker_id)).size).toBe(2);
      expect(await db.query('SELECT name FROM schema_migrations')).not.toHaveLength(0);
    } finally {
      await db.close();
    }
    // Two servers and no REDIS_URL: the one that started second says so at start, and /readyz tells it.
    const ready = await Promise.all([a, b].map((s) => probe(`${s.base}/readyz`)));
    const warned = ready.filter((r) => r !== 'refused' && (r.body.data.warnings as string[]).some((w) => w.includes('without REDIS_URL')));
    expect(warned.length).toBeGreaterThanOrEqual(1);
    expect(a.output() + b.output()).toMatch(/2 servers are running on this database without REDIS_URL/);

    // A conversation with a live stream on A.
    const ann = new HttpClient(a.base);
    const bob = new HttpClient(a.base);
    expect(
      (await ann.resource('UserRegisterResource', 'create', { email: 'ann@example.com', username: 'ann_sd', password: 'correct horse battery' })).status,
    ).toBe(200);
    const bobId = (await bob.resource('UserRegisterResource', 'create', { email: 'bob@example.com', username: 'bob_sd', password: 'correct horse battery' }))
      .data.id;
    const conversation = await ann.resource('ConversationsResource', 'create', { user_ids: [bobId], text: 'hi' });
    expect(conversation.status).toBe(200);
    const stream = await fetch(`${a.base}/v3/conversations/${conversation.data.id}/events/`, { headers: ann.headers() });
    expect(stream.status).toBe(200);
    let streamed = '';
    const streamEnded = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream.body!) streamed += decoder.decode(chunk as Uint8Array, { stream: true });
    })();
    await until(
      async () => streamed,
      (s) => s.includes(': connected'),
    );

    // A request accepted before SIGTERM (headers and half its body sent).
    const carol = new HttpClient(a.base);
    await carol.resource('UserSessionResource', 'get', {}); // the CSRF cookie
    const slow = carol.slowPost('/resource/UserRegisterResource/create/', {
      options: { email: 'carol@example.com', username: 'carol_sd', password: 'correct horse battery' },
    });

    a.child.kill('SIGTERM');
    // At once: not ready, still alive, still serving.
    const draining = await until(
      () => probe(`${a.base}/readyz`),
      (r) => r !== 'refused' && r.status === 503,
      5000,
    );
    expect(draining).toMatchObject({ status: 503, body: { data: { state: 'draining' } } });
    expect(await probe(`${a.base}/healthz`)).toMatchObject({ status: 200 });
    // B is not touched.
    expect(await probe(`${b.base}/readyz`)).toMatchObject({ status: 200 });

    // Past the drain A takes no new connection; the accepted request still finishes.
    await until(
      () => probe(`${a.base}/healthz`),
      (r) => r === 'refused',
      15_000,
    );
    slow.rest();
    expect(await slow.response).toBe(200);
    // The stream was told to come back later, and closed.
    await streamEnded.catch(() => {});
    expect(streamed).toMatch(/\nretry: \d+\n/);
    expect(await a.exited).toEqual({ code: 0, signal: null });

    // Its lease is given back; B's remains.
    const after = openPostgres(url, { max: 1 });
    try {
      expect((await after.query<{ pid: number }>('SELECT pid FROM server_leases')).map((r) => r.pid)).toEqual([b.child.pid]);
      expect(await after.query('SELECT 1 FROM users WHERE username = $1', ['carol_sd'])).toHaveLength(1);
    } finally {
      await after.close();
    }
  });

  it('starts with REDIS_URL at a closed port, and answers sign-up and log-in', { timeout: 120_000 }, async () => {
    const { url, drop } = await freshDatabase();
    drops.push(drop);
    const closedPort = await freePort();
    const s = await startServer({ DATABASE_URL: url, REDIS_URL: `redis://127.0.0.1:${closedPort}`, SHUTDOWN_DRAIN_MS: '0' });
    servers.push(s);
    await until(
      () => probe(`${s.base}/readyz`),
      (r) => r !== 'refused' && r.status === 200,
      120_000,
    ).catch((err: Error) => Promise.reject(new Error(`${err.message}\n${s.output()}`)));
    const dan = new HttpClient(s.base);
    expect(
      (await dan.resource('UserRegisterResource', 'create', { email: 'dan@example.com', username: 'dan_sd', password: 'correct horse battery' })).status,
    ).toBe(200);
    const other = new HttpClient(s.base);
    expect((await other.resource('UserSessionResource', 'create', { username_or_email: 'dan_sd', password: 'correct horse battery' })).status).toBe(200);
    expect((await other.resource('UserSessionResource', 'create', { username_or_email: 'dan_sd', password: 'wrong password' })).status).toBe(401);
    expect(s.child.exitCode).toBeNull();
    // The log is written asynchronously (decision 062): the line arrives a moment after the request that met the closed port.
    await until(
      async () => s.output(),
      (out) => /Redis at REDIS_URL does not answer/.test(out),
      10_000,
    );
    s.child.kill('SIGTERM');
    expect(await s.exited).toEqual({ code: 0, signal: null });
  });

  it('answers /readyz 503 while its database cannot be reached, and keeps running', { timeout: 120_000 }, async () => {
    const { url, drop } = await freshDatabase();
    const s = await startServer({ DATABASE_URL: url, SHUTDOWN_DRAIN_MS: '0', HEALTH_CHECK_REUSE_MS: '0', HEALTH_CHECK_TIMEOUT_MS: '1000' });
    servers.push(s);
    await until(
      () => probe(`${s.base}/readyz`),
      (r) => r !== 'refused' && r.status === 200,
      120_000,
    );
    // The database goes away (dropped with its connections ended).
    await drop();
    const down = await until(
      () => probe(`${s.base}/readyz`),
      (r) => r !== 'refused' && r.status === 503,
      // A probe that takes over 5 s reads as 'refused' (probe's timeout): on a busy machine give it several.
      60_000,
    );
    expect(down).toMatchObject({ status: 503, body: { data: { state: 'ready', database: { ok: false } } } });
    expect(s.child.exitCode).toBeNull();
    s.child.kill('SIGTERM');
    await s.exited;
  });
});
