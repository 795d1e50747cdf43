/**
 * Two real server processes (A and B) on one PostgreSQL, one Redis, one S3-compatible server and one
 * SMTP catcher, all started here (decisions 052, 053, 054, 067): what one server is told the other
 * knows, a rolling restart and a Redis outage under a steady load through a load balancer lose no
 * request and no save, and mail held back by a missing SMTP server goes out once when it returns.
 * The steps share the servers and run in order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../src/db/client';
import { S3MediaStore } from '../src/media-pipeline/s3-media-store';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { newId } from '../src/lib/ids';
import { makeTestVideo } from '../src/media-pipeline/test-videos';
import { startLoadBalancer, type LoadBalancer } from './deploys/load-balancer';
import { freePort, hasRedisServer, ownRedis, type OwnRedis } from './deploys/own-redis';
import { freshDatabase, probe, startServer, until, type ServerProcess } from './deploys/server-process';
import { startS3Server, type TestS3 } from './s3-server';
import { closeSmtp, listenSmtp, smtpCatcher, type CaughtMail } from './smtp-catcher';

const available = hasRedisServer();
if (!available) console.warn('redis-server is not installed: the multi-server test is skipped.');

const PASSWORD = 'correct horse battery';
/** Failed log-ins one client address may make per window, across all servers. */
const LOGIN_PER_CLIENT = 4;
const DRAIN_MS = 3000;

// ---------------------------------------------------------------------------------------------
// A browser over real HTTP: cookies, the CSRF cookie and header, the Origin of the server it talks
// to, and (through the trusted proxy) the client address it comes from.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read by the tests
type Json = any;

class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly ip?: string) {}

  headers(base: string): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': this.cookies.get('csrftoken') ?? '',
      origin: base,
      ...(this.ip ? { 'x-forwarded-for': this.ip } : {}),
    };
  }

  private remember(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(base: string, path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(base + path, {
      ...init,
      headers: { ...this.headers(base), ...(init.headers as Record<string, string> | undefined) },
      signal: init.signal ?? AbortSignal.timeout(30_000),
    });
    this.remember(res);
    return res;
  }

  private async csrf(base: string) {
    if (!this.cookies.has('csrftoken')) await (await this.fetch(base, '/', { headers: { accept: 'text/html' } })).arrayBuffer();
  }

  async resource(base: string, name: string, action: 'get' | 'create' | 'update' | 'delete', options: Record<string, unknown> = {}) {
    const method = { get: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' }[action];
    if (method !== 'GET') await this.csrf(base);
    const path = method === 'GET' ? `/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}` : `/resource/${name}/${action}/`;
    const res = await this.fetch(base, path, {
      method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify({ options }),
    });
    const body = (await res.json().catch(() => null)) as { resource_response?: { data?: Json; error?: Json } } | null;
    return { status: res.status, data: body?.resource_response?.data, error: body?.resource_response?.error };
  }

  /** A multipart POST the way the web app's FormData sends it: `options` as JSON and one file. */
  async upload(base: string, name: string, options: Record<string, unknown>, file: Buffer, filename: string, field: 'image' | 'video') {
    await this.csrf(base);
    const form = new FormData();
    form.set('options', JSON.stringify(options));
    form.set(field, new Blob([new Uint8Array(file)]), filename);
    const res = await this.fetch(base, `/resource/${name}/create/`, { method: 'POST', body: form, signal: AbortSignal.timeout(60_000) });
    const body = (await res.json().catch(() => null)) as { resource_response?: { data?: Json; error?: Json } } | null;
    return { status: res.status, data: body?.resource_response?.data, error: body?.resource_response?.error };
  }

  async bytes(base: string, path: string): Promise<{ status: number; body: Buffer }> {
    const res = await this.fetch(base, path);
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  }

  async signUp(base: string, username: string, fullName: string) {
    const r = await this.resource(base, 'UserRegisterResource', 'create', {
      email: `${username}@example.com`,
      username,
      full_name: fullName,
      password: PASSWORD,
    });
    if (r.status !== 200) throw new Error(`sign-up of ${username} failed: ${JSON.stringify(r)}`);
    return r.data.id as string;
  }

  logIn(base: string, username: string, password: string) {
    return this.resource(base, 'UserSessionResource', 'create', { username_or_email: username, password });
  }
}

// ---------------------------------------------------------------------------------------------
// A live message stream (server-sent events), read in the background.

interface SseEvent {
  event: string | null;
  id: string | null;
  data: string;
  comments: string[];
}

async function openStream(base: string, who: Browser, conversationId: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}/v3/conversations/${conversationId}/events/`, {
    headers: { ...who.headers(base), accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const ev: SseEvent = { event: null, id: null, data: '', comments: [] };
          for (const line of buffer.slice(0, end).split('\n')) {
            if (line.startsWith(':')) ev.comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('id: ')) ev.id = line.slice(4);
            else if (line.startsWith('data: ')) ev.data += line.slice(6);
          }
          events.push(ev);
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted by the test, or the server closed it
    } finally {
      ended = true;
    }
  })();
  return {
    status: res.status,
    events,
    get ended() {
      return ended;
    },
    messageIds: () => events.filter((e) => e.event === 'message').map((e) => e.id),
    async close() {
      abort.abort();
      await reading;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// An SMTP catcher on the loopback address (no TLS, no login).

// ---------------------------------------------------------------------------------------------
// A steady load of reads and saves through the load balancer.

interface Outcome {
  kind: 'read' | 'save';
  status: number | string;
  id?: string;
}

function steadyLoad(base: string, saver: Browser, reader: Browser, source: { pinId: string; boardId: string }, target: string, perSecond: number) {
  const outcomes: Outcome[] = [];
  const inflight = new Set<Promise<void>>();
  let n = 0;
  const one = async (i: number) => {
    const kind = i % 2 === 0 ? 'read' : 'save';
    try {
      if (kind === 'save') {
        const r = await saver.resource(base, 'RepinResource', 'create', { pin_id: source.pinId, board_id: target });
        outcomes.push({ kind, status: r.status, id: r.status === 200 ? (r.data?.id as string) : undefined });
      } else {
        // A signed-out read of the Pin, and a signed-in read of the board the saves go to, in turn.
        const r =
          i % 4 === 0
            ? await reader.resource(base, 'PinResource', 'get', { id: source.pinId })
            : await saver.resource(base, 'BoardFeedResource', 'get', { board_id: target });
        outcomes.push({ kind, status: r.status });
      }
    } catch (err) {
      outcomes.push({ kind, status: `error: ${(err as Error).message}` });
    }
  };
  const timer = setInterval(() => {
    const p = one(n++);
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  }, 1000 / perSecond);
  return {
    outcomes,
    async stop() {
      clearInterval(timer);
      await Promise.all([...inflight]);
      return outcomes;
    },
  };
}

const failed = (outcomes: Outcome[]) => outcomes.filter((o) => o.status !== 200);
const acknowledgedSaves = (outcomes: Outcome[]) => outcomes.filter((o) => o.kind === 'save' && o.status === 200).map((o) => o.id!);

// ---------------------------------------------------------------------------------------------

let s3: TestS3;
let redis: OwnRedis;
let smtp: SMTPServer;
let smtpPort: number;
const caught: CaughtMail[] = [];
let database: { url: string; drop: () => Promise<void> };
let db: Db;
let lb: LoadBalancer | null = null;
const dataDirs: string[] = [];
const servers: Record<'A' | 'B', ServerProcess | null> = { A: null, B: null };
const ports: Record<'A' | 'B', number> = { A: 0, B: 0 };
const envOf: Record<'A' | 'B', Record<string, string>> = { A: {}, B: {} };

/** Starts the named server on its port with its settings (again, for a restart). */
async function start(name: 'A' | 'B') {
  const s = await startServer(envOf[name]);
  servers[name] = s;
  return s;
}

async function ready(s: ServerProcess, timeoutMs = 150_000) {
  await until(
    () => probe(`${s.base}/readyz`),
    (r) => r !== 'refused' && r.status === 200,
    timeoutMs,
  ).catch((err: Error) => Promise.reject(new Error(`${err.message}\n${s.output()}`)));
}

const A = () => servers.A!.base;
const B = () => servers.B!.base;

// The people of the steps.
const owner = new Browser();
const visitor = new Browser();
const bob = new Browser();
let bobId: string;
let conversationId: string;
let loadSource: { pinId: string; boardId: string };

beforeAll(async () => {
  if (!available) return;
  [s3, redis, database] = await Promise.all([startS3Server(), ownRedis(), freshDatabase()]);
  await redis.start();
  smtp = smtpCatcher(caught);
  smtpPort = await listenSmtp(smtp, 0);
  db = openPostgres(database.url, { max: 2 });
  [ports.A, ports.B] = [await freePort(), await freePort()];
  for (const name of ['A', 'B'] as const) {
    const dataDir = mkdtempSync(join(tmpdir(), `pinboard-multi-${name}-`));
    dataDirs.push(dataDir);
    envOf[name] = {
      PORT: String(ports[name]),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...s3.env,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      // The load balancer (and the test's clients naming their address) are on the loopback address.
      TRUST_PROXY: 'loopback',
      LOGIN_RATE_LIMIT_CLIENT: String(LOGIN_PER_CLIENT),
      SIGNUP_RATE_LIMIT_CLIENT: '1000',
      // A: no transcodes here; B transcodes (one at a time, the default).
      ...(name === 'A' ? { VIDEO_TRANSCODE_CONCURRENCY: '0' } : {}),
    };
  }
}, 120_000);

afterAll(async () => {
  if (!available) return;
  await lb?.close();
  for (const s of Object.values(servers)) await s?.stop();
  await db?.close();
  await database?.drop();
  await redis?.kill();
  await closeSmtp(smtp).catch(() => {});
  await s3?.close();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
}, 120_000);

describe.runIf(available)('two servers behind a load balancer', () => {
  it('1. both start at the same moment on an empty database, each with its own worker id', { timeout: 180_000 }, async () => {
    expect(await db.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);
    const [a, b] = await Promise.all([start('A'), start('B')]);
    await Promise.all([ready(a), ready(b)]);
    const leases = await db.query<{ worker_id: number; pid: number }>('SELECT worker_id, pid FROM server_leases');
    expect(leases.map((l) => l.pid).sort()).toEqual([a.child.pid, b.child.pid].sort());
    expect(new Set(leases.map((l) => l.worker_id)).size).toBe(2);
    // The migrations ran once: each applied once, under their lock.
    const migrations = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
    expect(migrations.length).toBeGreaterThan(0);
    expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();

    await owner.signUp(A(), 'multi_owner', 'Olive Owner');
    bobId = await bob.signUp(B(), 'multi_bob', 'Bob Reader');
  });

  it('2. an image Pin uploaded through A is served by B byte for byte, from the bucket', { timeout: 120_000 }, async () => {
    const board = await owner.resource(A(), 'BoardResource', 'create', { name: 'Across servers' });
    expect(board.status).toBe(200);
    const jpeg = await makeTestImage({ width: 600, height: 400, format: 'jpeg', seed: 21 });
    const pin = await owner.upload(A(), 'PinResource', { board_id: board.data.id, title: 'Across' }, jpeg, 'photo.jpg', 'image');
    expect(pin.status).toBe(200);
    // The steady loads below save one Pin again and again to one board. Saves of a picture with keys are one Pin per
    // person and board (decision 095), so the load saves a copy without them, as a Pin made before they were kept:
    // each save is then a Pin of its own, and a lost one is seen.
    const keyless = newId();
    await db.query(
      `INSERT INTO pins (id, pinner_id, board_id, title, media_base, images, dominant_color, width, height)
       SELECT $2, pinner_id, board_id, title, media_base, images, dominant_color, width, height FROM pins WHERE id = $1`,
      [pin.data.id, keyless],
    );
    loadSource = { pinId: keyless, boardId: board.data.id as string };

    const urls = [...new Set(Object.values(pin.data.images as Record<string, { url: string }>).map((i) => i.url))];
    expect(urls.length).toBeGreaterThanOrEqual(3);
    const store = new S3MediaStore(s3.settings);
    try {
      const listed = await store.client.send(new ListObjectsV2Command({ Bucket: store.bucket }));
      const keys = (listed.Contents ?? []).map((o) => o.Key!);
      for (const url of urls) {
        const key = url.slice('/media/'.length);
        expect(keys, key).toContain(key);
        const fromB = await visitor.bytes(B(), url);
        expect(fromB.status, url).toBe(200);
        const fromA = await visitor.bytes(A(), url);
        expect(fromB.body.equals(fromA.body), url).toBe(true);
        expect(fromB.body.equals((await store.get(key))!.data), url).toBe(true);
      }
    } finally {
      store.close();
    }
  });

  it('3. a video uploaded through A is transcoded by B, and its HLS plays through A', { timeout: 180_000 }, async () => {
    const board = (await owner.resource(A(), 'BoardResource', 'create', { name: 'Clips across' })).data;
    const mp4 = await makeTestVideo({ seconds: 1, width: 160, height: 120, audio: false });
    const made = await owner.upload(A(), 'PinResource', { board_id: board.id, title: 'Clip' }, mp4, 'clip.mp4', 'video');
    expect(made.status).toBe(200);
    // A runs no transcodes (VIDEO_TRANSCODE_CONCURRENCY=0): only B's workers can finish it.
    const pin = (
      await until(
        () => owner.resource(A(), 'PinResource', 'get', { id: made.data.id }),
        (r) => r.status === 200 && r.data.video_status !== 'processing',
        150_000,
      )
    ).data;
    expect(pin.video_status).toBe('ready');
    const master = await visitor.bytes(A(), pin.videos.video_list.V_HLSV4.url);
    expect(master.status).toBe(200);
    const url = pin.videos.video_list.V_HLSV4.url as string;
    const dir = url.slice(0, url.lastIndexOf('/') + 1);
    const rung = master.body
      .toString('utf8')
      .split('\n')
      .find((l) => l.endsWith('.m3u8'))!;
    const playlist = await visitor.bytes(A(), dir + rung);
    expect(playlist.status).toBe(200);
    const segment = playlist.body
      .toString('utf8')
      .split('\n')
      .find((l) => l.endsWith('.ts'))!;
    const seg = await visitor.bytes(A(), dir + segment);
    expect(seg.status).toBe(200);
    expect(seg.body[0]).toBe(0x47); // the MPEG-TS sync byte
  });

  it('4. a board made secret through A answers 404 on B, for the board and its images, within a second', { timeout: 60_000 }, async () => {
    const board = (await owner.resource(A(), 'BoardResource', 'create', { name: 'Soon secret' })).data;
    const jpeg = await makeTestImage({ width: 300, height: 200, format: 'jpeg', seed: 22 });
    const pin = (await owner.upload(A(), 'PinResource', { board_id: board.id, title: 'Hide me' }, jpeg, 'photo.jpg', 'image')).data;
    const image = pin.images['236x'].url as string;
    const boardOnB = () => visitor.resource(B(), 'BoardResource', 'get', { board_id: board.id });
    // Seen on B first: the board read and the image known public there, the image in B's memory.
    expect((await boardOnB()).status).toBe(200);
    expect((await visitor.bytes(B(), image)).status).toBe(200);
    expect((await visitor.bytes(B(), image)).status).toBe(200);

    expect((await owner.resource(A(), 'BoardResource', 'update', { board_id: board.id, privacy: 'secret' })).status).toBe(200);
    const changed = Date.now();
    await until(
      async () => [(await boardOnB()).status, (await visitor.bytes(B(), image)).status],
      (s) => s[0] === 404 && s[1] === 404,
      5000,
    );
    expect(Date.now() - changed).toBeLessThan(1000);
    // Still the owner's, on either server.
    expect((await owner.resource(B(), 'BoardResource', 'get', { board_id: board.id })).status).toBe(200);
    expect((await owner.bytes(B(), image)).status).toBe(200);
  });

  it('5. failed log-ins through A and B count together against one client limit', { timeout: 90_000 }, async () => {
    const client = new Browser('203.0.113.5');
    const tries: number[] = [];
    for (let i = 0; i < LOGIN_PER_CLIENT; i++) tries.push((await client.logIn(i % 2 === 0 ? A() : B(), 'multi_bob', 'wrong password')).status);
    expect(tries).toEqual(Array(LOGIN_PER_CLIENT).fill(401));
    // Each server has seen only half of them: the refusal comes from the count they share.
    expect((await client.logIn(A(), 'multi_bob', 'wrong password')).status).toBe(429);
    expect((await client.logIn(B(), 'multi_bob', PASSWORD)).status).toBe(429);
    // Another client address is not held back.
    expect((await new Browser('203.0.113.6').logIn(B(), 'multi_bob', PASSWORD)).status).toBe(200);
  });

  it('6. a message sent through A reaches a live stream held on B', { timeout: 60_000 }, async () => {
    const started = await owner.resource(A(), 'ConversationsResource', 'create', { user_ids: [bobId], text: 'Hello Bob' });
    expect(started.status).toBe(200);
    conversationId = started.data.id as string;
    const stream = await openStream(B(), bob, conversationId);
    try {
      expect(stream.status).toBe(200);
      await until(async () => stream.events.some((e) => e.comments.includes('connected')), Boolean, 15_000);
      const sent = await owner.resource(A(), 'ConversationMessagesResource', 'create', { conversation_id: conversationId, text: 'Through A' });
      expect(sent.status).toBe(200);
      await until(
        async () => stream.messageIds(),
        (ids) => ids.includes(sent.data.id),
        10_000,
      );
      const ev = stream.events.find((e) => e.id === sent.data.id)!;
      expect(JSON.parse(ev.data)).toMatchObject({ id: sent.data.id, text: 'Through A' });
    } finally {
      await stream.close();
    }
  });

  it('7. a rolling restart under a steady load fails no request and loses no save', { timeout: 300_000 }, async () => {
    lb = await startLoadBalancer(
      [
        { name: 'A', base: A() },
        { name: 'B', base: B() },
      ],
      { pollMs: 100 },
    );
    await Promise.all([lb.seen('A', true), lb.seen('B', true)]);
    const target = (await owner.resource(lb.base, 'BoardResource', 'create', { name: 'Saved during restarts' })).data.id as string;
    const load = steadyLoad(lb.base, owner, new Browser(), loadSource, target, 12);
    const restarts: Record<string, number> = {};
    try {
      for (const name of ['A', 'B'] as const) {
        const before = load.outcomes.length;
        await until(
          async () => load.outcomes.length,
          (n) => n >= before + 12,
          60_000,
        ); // the load runs through both
        const old = servers[name]!;
        const began = Date.now();
        old.child.kill('SIGTERM');
        expect(await old.exited, old.output()).toEqual({ code: 0, signal: null });
        const fresh = await start(name);
        await ready(fresh);
        await lb.seen(name, true);
        restarts[name] = Date.now() - began;
        expect((await db.query<{ pid: number }>('SELECT pid FROM server_leases')).map((l) => l.pid)).toContain(fresh.child.pid);
      }
      const before = load.outcomes.length;
      await until(
        async () => load.outcomes.length,
        (n) => n >= before + 12,
        60_000,
      ); // and through both again
    } finally {
      await load.stop();
    }
    const outcomes = load.outcomes;
    expect(failed(outcomes)).toEqual([]);
    expect(lb.failures).toEqual([]);
    const acknowledged = acknowledgedSaves(outcomes);
    expect(acknowledged.length).toBeGreaterThan(20);
    const [{ n }] = (await db.query<{ n: string }>('SELECT count(*)::text AS n FROM pins WHERE id = ANY($1::bigint[]) AND board_id = $2', [
      acknowledged,
      target,
    ])) as [{ n: string }];
    expect(Number(n)).toBe(acknowledged.length);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    // Two leases again, one per running process.
    const leases = await db.query<{ worker_id: number; pid: number }>('SELECT worker_id, pid FROM server_leases');
    expect(leases.map((l) => l.pid).sort()).toEqual([servers.A!.child.pid, servers.B!.child.pid].sort());
    console.info(
      `rolling restart: ${outcomes.length} requests (${acknowledged.length} saves), restarts A ${restarts.A} ms, B ${restarts.B} ms, sent ${JSON.stringify(Object.fromEntries(lb.sent))}`,
    );
  });

  it('8. Redis stopped for 10 s under the load: no 500, no server exits, both recover', { timeout: 180_000 }, async () => {
    const lbBase = lb!.base;
    const lbFailuresBefore = lb!.failures.length;
    await Promise.all([lb!.seen('A', true), lb!.seen('B', true)]);
    const target = (await owner.resource(lbBase, 'BoardResource', 'create', { name: 'Saved without Redis' })).data.id as string;
    // A stream held on B through the outage.
    const stream = await openStream(B(), bob, conversationId);
    await until(async () => stream.events.some((e) => e.comments.includes('connected')), Boolean, 15_000);
    const load = steadyLoad(lbBase, owner, new Browser(), loadSource, target, 12);
    const during: { what: string; status: number }[] = [];
    try {
      await until(
        async () => load.outcomes.length,
        (n) => n >= 12,
        60_000,
      );
      await redis.kill();
      const down = Date.now();
      // Meanwhile, what Redis serves when it is there: log-ins (the limits) and messages (the bus), through the balancer.
      let i = 0;
      while (Date.now() - down < 10_000) {
        const who = new Browser(`198.51.100.${++i}`);
        during.push({ what: 'log-in', status: (await who.logIn(lbBase, 'multi_bob', PASSWORD)).status });
        during.push({ what: 'wrong password', status: (await who.logIn(lbBase, 'multi_bob', 'wrong password')).status });
        during.push({
          what: 'message',
          status: (await owner.resource(lbBase, 'ConversationMessagesResource', 'create', { conversation_id: conversationId, text: `Without Redis ${i}` }))
            .status,
        });
        await new Promise((r) => setTimeout(r, 400)); // a modest rate: about two rounds a second
      }
      expect(servers.A!.child.exitCode).toBeNull();
      expect(servers.B!.child.exitCode).toBeNull();
      await redis.start();

      // Back: a log-in works on each server, and the failed ones are counted in Redis again.
      const probeRedis = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      try {
        for (const base of [A(), B()]) {
          expect((await new Browser().logIn(base, 'multi_bob', PASSWORD)).status).toBe(200);
          let n = 0;
          await until(
            async () => {
              const ip = `192.0.2.${++n}`;
              await new Browser(ip).logIn(base, 'multi_bob', 'wrong password');
              return probeRedis.exists(`rl:login:ip:${ip}`);
            },
            (exists) => exists === 1,
            60_000,
          );
        }
      } finally {
        probeRedis.disconnect();
      }
      // And a message sent through A reaches the stream held on B (its subscription made again in Redis).
      let k = 0;
      const sentAfter: string[] = [];
      await until(
        async () => {
          const sent = await owner.resource(A(), 'ConversationMessagesResource', 'create', { conversation_id: conversationId, text: `Redis is back ${++k}` });
          expect(sent.status).toBe(200);
          sentAfter.push(sent.data.id as string);
          // A moment for it to arrive before the next is sent.
          await until(
            async () => stream.messageIds(),
            (ids) => ids.some((id) => sentAfter.includes(id!)),
            1000,
          ).catch(() => null);
          return stream.messageIds();
        },
        (ids) => ids.some((id) => sentAfter.includes(id!)),
        60_000,
      );
      expect(stream.ended).toBe(false);
    } finally {
      await load.stop();
      await stream.close();
    }
    expect(during.filter((d) => d.status >= 500)).toEqual([]);
    expect(during.filter((d) => d.what === 'log-in' && d.status !== 200)).toEqual([]);
    expect(during.filter((d) => d.what === 'message' && d.status !== 200)).toEqual([]);
    expect(load.outcomes.filter((o) => typeof o.status !== 'number' || o.status >= 500)).toEqual([]);
    expect(failed(load.outcomes)).toEqual([]);
    expect(lb!.failures.slice(lbFailuresBefore)).toEqual([]);
    const acknowledged = acknowledgedSaves(load.outcomes);
    const [{ n }] = (await db.query<{ n: string }>('SELECT count(*)::text AS n FROM pins WHERE id = ANY($1::bigint[])', [acknowledged])) as [{ n: string }];
    expect(Number(n)).toBe(acknowledged.length);
    expect(servers.A!.child.exitCode).toBeNull();
    expect(servers.B!.child.exitCode).toBeNull();
    for (const base of [A(), B()]) expect(await probe(`${base}/readyz`)).toMatchObject({ status: 200 });
    // Each server saw Redis go (and said so once), and counts in Redis again.
    for (const s of [servers.A!, servers.B!]) {
      expect(s.output()).toMatch(/Redis at REDIS_URL does not answer/);
      expect(s.output()).toMatch(/Redis answers again/);
    }
    console.info(
      `Redis outage: ${load.outcomes.length} requests of the load (${acknowledged.length} saves), ${during.length} log-ins and messages, none failed`,
    );
  });

  it('9. an invite mailed while SMTP is down is accepted at once and arrives once, within a minute of its return', { timeout: 180_000 }, async () => {
    const guest = 'guest@mail.example';
    const board = (await owner.resource(A(), 'BoardResource', 'create', { name: 'Offline party' })).data;
    // Every mail so far is out (the sign-ups' verification mails), then the SMTP server goes away.
    const openMail = async (to?: string) =>
      db.query<{ state: string; output: Json }>(
        `SELECT state::text, output FROM pgboss.job WHERE name = 'mail' AND state IN ('created', 'retry', 'active')${to ? " AND data->>'to' = $1" : ''}`,
        to ? [to] : [],
      );
    await until(
      () => openMail(),
      (rows) => rows.length === 0,
      60_000,
    );
    await closeSmtp(smtp);

    const started = Date.now();
    const res = await owner.resource(A(), 'BoardInviteResource', 'create', { board_id: board.id, emails: [guest] });
    const answeredMs = Date.now() - started;
    expect(res.status).toBe(200);
    expect(answeredMs).toBeLessThan(5000);

    // A server's worker tried, found no SMTP server, and the job waits for its retry.
    await until(
      () => openMail(guest),
      (rows) => rows[0]?.state === 'retry' && /ECONNREFUSED/.test(rows[0]?.output?.message ?? ''),
      60_000,
    );
    expect(caught.filter((m) => m.to.includes(guest))).toEqual([]);

    smtp = smtpCatcher(caught);
    await listenSmtp(smtp, smtpPort);
    const backAt = Date.now();
    await until(
      async () => caught.filter((m) => m.to.includes(guest)).length,
      (n) => n >= 1,
      60_000,
    );
    const arrivedMs = Date.now() - backAt;
    // Its job is gone once sent: nothing can send it again.
    await until(
      () => openMail(guest),
      (rows) => rows.length === 0,
      30_000,
    );
    expect(await db.query(`SELECT 1 FROM pgboss.job WHERE name = 'mail' AND data->>'to' = $1`, [guest])).toEqual([]);
    expect(caught.filter((m) => m.to.includes(guest)).map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: [guest], subject: 'Olive Owner invited you to collaborate on Offline party' },
    ]);
    expect(arrivedMs).toBeLessThan(60_000);
    console.info(`mail: the invite answered in ${answeredMs} ms, arrived ${arrivedMs} ms after SMTP came back`);
  });
});
