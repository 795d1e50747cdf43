/**
 * `npm run bench`: seeds 100,000+ Pins into a fresh database, starts the real
 * app in a child process (scripts/bench/server.ts) and loads it from this
 * process with autocannon, scenario by scenario:
 *
 *   (a) raw node:http hello world (the floor)   (b) GET /healthz
 *   (c) home feed, first page, signed in        (d) page 200 of the 10,000-Pin board
 *   (e) Pin creation by multipart upload of a ~100 KB JPEG
 *   (f) saving someone else's Pin to one's board (RepinResource)
 *   (g) moving 500 Pins between two boards (PinMoveResource), one move at a
 *       time: each move depends on where the previous one left the Pins, and
 *       a second move on the same board would answer 2171 by design
 *
 * PGlite in a temporary folder always; PostgreSQL as well when
 * TEST_DATABASE_URL or DATABASE_URL is set (a fresh schema, dropped at the end).
 * Every scenario's exact request is checked (status 200 and the expected
 * shape) before it is measured. Results: a table on stdout and
 * scripts/bench/results/<date>-<db>.json. See docs/performance.md.
 *
 * Environment: BENCH_DB (pglite,postgres), BENCH_PINS (100000), BENCH_DURATION (10 s), BENCH_MOVE_PINS (500),
 * BENCH_WARMUP (2 s), BENCH_CONNECTIONS (10), BENCH_DEEP_PAGE (200), BENCH_WALK_BUDGET (60 s), BENCH_EXPLAIN=1
 * (print every EXPLAIN ANALYZE), BENCH_KEEP=1 (keep the temporary folder and the PostgreSQL schema),
 * BENCH_ANALYZE=0 (no ANALYZE after seeding: PGlite as shipped, which never gathers statistics),
 * BENCH_WHATIF=cover (adds scenario d*: d again, right after it, with the server process sending the
 * proposed board-cover SQL of sql-fixes.ts instead of today's: what that fix would buy).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createHistogram } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, openPostgres, type Db } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { DiskMediaStore } from '../../apps/server/src/media/disk-media-store';
import { makeTestImage } from '../../apps/server/src/media/test-images';
import type { StoredImage } from '../../apps/server/src/seed/factories';
import { BenchClient, multipartBody, type Reply } from './http';
import { runLoad, type LoadResult } from './load';
import type { DbTarget, ExplainResult, FromServer, PhaseStats, ToServer } from './protocol';
import { BENCH_PASSWORD, makeBenchImages, seedBench, VIEWER_USERNAME, type SeedResult } from './seed';

type DbKind = 'pglite' | 'postgres';

const envInt = (name: string, def: number) => {
  const v = process.env[name];
  if (v === undefined || v === '') return def;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${JSON.stringify(v)}`);
  return n;
};

const OPTS = {
  pins: envInt('BENCH_PINS', 100_000),
  bigBoardPins: 10_000,
  users: 200,
  viewerFollows: 20,
  boardsPerUser: 3,
  images: 50,
  durationSec: envInt('BENCH_DURATION', 10),
  warmupSec: envInt('BENCH_WARMUP', 2),
  connections: envInt('BENCH_CONNECTIONS', 10),
  pageSize: 25,
  deepPage: envInt('BENCH_DEEP_PAGE', 200),
  walkBudgetSec: envInt('BENCH_WALK_BUDGET', 60),
  analyze: process.env.BENCH_ANALYZE !== '0',
  whatIf: process.env.BENCH_WHATIF === 'cover' ? ('cover' as const) : null,
  upload: { width: 600, height: 800, seed: 3, quality: 90 },
  movePins: envInt('BENCH_MOVE_PINS', 500),
};

const PG_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
const KINDS: DbKind[] = process.env.BENCH_DB
  ? (process.env.BENCH_DB.split(',').map((s) => s.trim()) as DbKind[])
  : ['pglite', ...(PG_URL ? (['postgres'] as const) : [])];
for (const k of KINDS) {
  if (k !== 'pglite' && k !== 'postgres') throw new Error(`BENCH_DB: unknown database kind ${k}`);
  if (k === 'postgres' && !PG_URL) throw new Error('BENCH_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL');
}

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const SERVER_SCRIPT = fileURLToPath(new URL('./server.ts', import.meta.url));

const log = (msg = '') => console.log(msg);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

class BenchFailure extends Error {}
function check(cond: unknown, msg: string): asserts cond {
  if (!cond) throw new BenchFailure(msg);
}

// ---- the server process ------------------------------------------------------

class ServerProcess {
  private waiting: { type: FromServer['type']; resolve: (m: FromServer) => void; reject: (e: Error) => void } | null = null;
  private exited: Error | null = null;
  ready!: Extract<FromServer, { type: 'ready' }>;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: FromServer) => {
      const w = this.waiting;
      if (!w) return;
      this.waiting = null;
      if (m.type === 'error') w.reject(new Error(`server process: ${m.message}`));
      else if (m.type !== w.type) w.reject(new Error(`server process answered ${m.type}, expected ${w.type}`));
      else w.resolve(m);
    });
    child.on('exit', (code, signal) => {
      this.exited = new Error(`server process exited (code ${code}, signal ${signal})`);
      this.waiting?.reject(this.exited);
      this.waiting = null;
    });
  }

  static async start(env: { target: DbTarget; mediaDir: string; tmpDir: string }) {
    // fork() reuses this process's execArgv, i.e. tsx's loader: the child runs TypeScript too.
    const child = fork(SERVER_SCRIPT, [], {
      env: { ...process.env, BENCH_SERVER_ENV: JSON.stringify(env) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const sp = new ServerProcess(child);
    sp.ready = await sp.expect('ready', 180_000);
    return sp;
  }

  private expect<T extends FromServer['type']>(type: T, timeoutMs = 120_000): Promise<Extract<FromServer, { type: T }>> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server process: no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiting = {
        type,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<FromServer, { type: T }>);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  call<T extends FromServer['type']>(msg: ToServer, answer: T) {
    const p = this.expect(answer);
    this.child.send(msg);
    return p;
  }

  async stop() {
    if (this.exited) return;
    const gone = new Promise<void>((r) => this.child.once('exit', () => r()));
    this.child.send({ type: 'shutdown' } satisfies ToServer);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  }

  kill() {
    if (!this.exited) this.child.kill('SIGKILL');
  }
}

/** One copy of exactly the request autocannon will send. */
async function sendExact(s: Scenario): Promise<Reply> {
  const res = await fetch(s.url, { method: s.method, headers: s.headers, body: s.body });
  const text = await res.text();
  let json: unknown = undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text);
  return { status: res.status, headers: res.headers, text, json };
}

/**
 * autocannon stops at its deadline with up to `connections` requests in flight; the server still
 * finishes them (on PGlite they queue behind each other). Wait for that before the next phase:
 * twice the slowest latency seen (uploads spend most of it in sharp, before any SQL), then until
 * no SQL has been in flight for half a second.
 */
async function settle(server: ServerProcess, last: LoadResult) {
  await new Promise((r) => setTimeout(r, settleMs(last)));
  await server.call({ type: 'wait-idle', quietMs: 500 }, 'idle');
}

/** Twice the slowest response (the whole run's length if nothing completed), between 0.5 and 30 s. */
function settleMs(last: LoadResult) {
  const slowest = last.ok2xx > 0 ? last.maxMs : last.durationSec * 1000;
  return Math.min(30_000, Math.max(500, 2 * slowest));
}

// ---- response shape checks ------------------------------------------------------

const IMAGE_KEYS = ['170x', '236x', '474x', '736x', '1200x', 'orig'] as const;
interface PinLike {
  id: string;
  type: string;
  images: Record<string, { url: string; width: number; height: number }>;
  dominant_color: string;
  width: number;
  height: number;
  created_at: string;
  pinner: { id: string; username: string };
  board: { id: string; name: string; url: string } | null;
}

function assertPin(p: unknown, where: string): asserts p is PinLike {
  const pin = p as PinLike;
  check(pin && typeof pin === 'object', `${where}: a Pin is not an object`);
  check(typeof pin.id === 'string' && /^\d+$/.test(pin.id), `${where}: Pin id ${JSON.stringify(pin.id)} is not a decimal string`);
  check(pin.type === 'pin', `${where}: Pin ${pin.id} has type ${pin.type}`);
  for (const k of IMAGE_KEYS) {
    const v = pin.images?.[k];
    check(v && typeof v.url === 'string' && v.url.startsWith('/media/') && v.width > 0 && v.height > 0, `${where}: Pin ${pin.id} images.${k} is ${JSON.stringify(v)}`);
  }
  check(/^#[0-9a-f]{6}$/i.test(pin.dominant_color), `${where}: Pin ${pin.id} dominant_color ${pin.dominant_color}`);
  check(pin.pinner && /^\d+$/.test(pin.pinner.id) && typeof pin.pinner.username === 'string', `${where}: Pin ${pin.id} pinner`);
  check(!Number.isNaN(Date.parse(pin.created_at)), `${where}: Pin ${pin.id} created_at`);
}

interface ResourceOk {
  status: 'success';
  data: unknown;
  bookmark: string | null;
}

function resourceOk(r: { status: number; json: unknown; text: string }, where: string): ResourceOk {
  check(r.status === 200, `${where}: HTTP ${r.status}, expected 200: ${r.text.slice(0, 500)}`);
  const rr = (r.json as { resource_response?: ResourceOk } | undefined)?.resource_response;
  check(rr && rr.status === 'success', `${where}: no successful resource_response: ${r.text.slice(0, 500)}`);
  return rr;
}

function assertPinPage(rr: ResourceOk, where: string, pageSize: number): PinLike[] {
  check(Array.isArray(rr.data), `${where}: data is not a list`);
  const pins = rr.data as unknown[];
  check(pins.length === pageSize, `${where}: ${pins.length} Pins, expected a full page of ${pageSize}`);
  pins.forEach((p, i) => assertPin(p, `${where} [${i}]`));
  const typed = pins as PinLike[];
  for (let i = 1; i < typed.length; i++) {
    check(BigInt(typed[i]!.id) < BigInt(typed[i - 1]!.id), `${where}: Pins are not newest first by id`);
  }
  check(typeof rr.bookmark === 'string' && rr.bookmark.length > 0, `${where}: no bookmark for the next page`);
  return typed;
}

const decodeBookmark = (b: string) => JSON.parse(Buffer.from(b, 'base64url').toString('utf8')) as unknown;

// ---- scenarios -----------------------------------------------------------------------

interface Scenario {
  key: string;
  label: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Who sends it, and anything a reader should know. */
  note: string;
  /** Work before the checked request (walking pages…). */
  prepare?: () => Promise<void>;
  /**
   * Checks the answer to one copy of exactly the measured request (same URL, method, headers and
   * body, sent with fetch) and fails loudly unless it is a 200 of the expected shape.
   */
  check: (r: Reply) => Promise<void>;
  /** Measure with the proposed board-cover SQL switched on in the server process (BENCH_WHATIF=cover). */
  whatIfCover?: boolean;
  /** Consistency checks after the load (e.g. every 2xx upload made a Pin). */
  after?: (counted2xx: number, settleMs: number) => Promise<void>;
  /**
   * Measured one request at a time for the scenario's duration instead of under autocannon's load:
   * `send(i)` is the i-th request (timed; the first is the one `check` sees), `verify(i, reply)` checks
   * its effect (not timed).
   */
  sequence?: { send: (i: number) => Promise<Reply>; verify: (i: number, r: Reply) => Promise<void> };
}

interface ScenarioResult {
  key: string;
  label: string;
  method: string;
  path: string;
  note: string;
  load: LoadResult;
  warmup: { durationSec: number; requests: number; ok2xx: number; non2xx: number };
  server: PhaseStats;
  /**
   * CPU over the measured phase, in cores busy: the whole machine (os.cpus), this load-generator process,
   * all `postgres` processes (/proc; the PostgreSQL server, 0 for PGlite, whose work is in the server
   * process), and the rest — other programs on the machine, which make the figures noisier.
   */
  cpu: { machineCores: number; generatorCores: number; postgresCores: number; otherCores: number };
  vsFloor: { reqPerSec: number; p50: number; p99: number };
  /** db.query calls the app made for the one checked request (exact, unlike server.dbCalls / requests). */
  dbCallsPerRequest: number | null;
  problems: string[];
}

async function buildScenarios(
  kind: DbKind,
  floorBase: string,
  appBase: string,
  seed: SeedResult,
  viewer: BenchClient,
  uploadJpeg: Buffer,
  craftedBookmark: string,
  onBookmark: (source: 'walked' | 'crafted') => void,
): Promise<Scenario[]> {

  // (c) home feed, first page
  const homePath = BenchClient.resourcePath('UserHomefeedResource', 'get', { page_size: OPTS.pageSize });
  const allowedPinners = new Set([seed.viewer.id, ...seed.viewerFollowees]);
  const followedBoards = new Set(seed.viewerBoardFollows);

  // (d) page `deepPage` of the big board, bookmark obtained by walking
  const boardOpts = (bookmark?: string) => ({ board_id: seed.bigBoard.id, page_size: OPTS.pageSize, ...(bookmark ? { bookmark } : {}) });
  let deepPath = '';
  let deepCursor = 0n;
  let deepIds: string[] = [];

  // (e) upload
  const form = multipartBody(
    { options: JSON.stringify({ board_id: seed.uploadBoard.id, title: 'Bench upload', description: 'Made by npm run bench.' }) },
    { field: 'image', filename: 'bench.jpg', contentType: 'image/jpeg', data: uploadJpeg },
  );
  const uploadPath = '/resource/PinResource/create/';
  const uploadHeaders = { ...viewer.headersFor('POST'), 'content-type': form.contentType };
  const boardPinCount = async () => {
    const rr = resourceOk(await viewer.resource('BoardResource', 'get', { board_id: seed.uploadBoard.id }), 'BoardResource get');
    return (rr.data as { pin_count: number }).pin_count;
  };
  let pinCountBefore = 0;

  // (f) save: the first Pin of the big board (someone else's) to the viewer's "Bench saves" board.
  let saveBoardId = '';
  let saveBody = Buffer.alloc(0);
  let savesBefore = 0;
  const boardPins = async (boardId: string) => {
    const rr = resourceOk(await viewer.resource('BoardResource', 'get', { board_id: boardId }), 'BoardResource get');
    return (rr.data as { pin_count: number }).pin_count;
  };
  const makeBoard = async (name: string) => {
    const rr = resourceOk(await viewer.resource('BoardResource', 'create', { name }), `create board ${name}`);
    return (rr.data as { id: string }).id;
  };

  // (g) move: movePins Pins back and forth between two of the viewer's boards.
  const move = { from: '', to: '', ids: [] as string[] };
  const moveBody = (i: number) => {
    const [a, b] = i % 2 === 0 ? [move.from, move.to] : [move.to, move.from];
    return JSON.stringify({ options: { board_id: a, new_board_id: b, pin_ids: move.ids } });
  };
  const moveHeaders = { ...viewer.headersFor('POST'), 'content-type': 'application/json' };
  const movePath = '/resource/PinMoveResource/create/';

  return [
    {
      key: 'floor',
      label: '(a) node:http hello world',
      method: 'GET',
      url: `${floorBase}/`,
      headers: {},
      note: 'Raw node:http server in the server process; the floor of this machine, loopback and load generator.',
      async check(r) {
        check(r.status === 200 && r.text === 'hello world', `floor: HTTP ${r.status} ${r.text}`);
      },
    },
    {
      key: 'healthz',
      label: '(b) GET /healthz',
      method: 'GET',
      url: `${appBase}/healthz`,
      headers: {},
      note: 'No cookies, as a load balancer probe sends it (so each answer also sets a fresh csrftoken cookie); one SELECT 1.',
      async check(r) {
        check(r.status === 200, `healthz: HTTP ${r.status}: ${r.text}`);
        const j = r.json as { status?: string; data?: { status?: string; database?: { kind?: string; ok?: boolean } } };
        check(j?.status === 'success' && j.data?.status === 'ok' && j.data.database?.ok === true, `healthz: body ${r.text}`);
        check(j.data.database.kind === kind, `healthz: database kind ${j.data.database.kind}, expected ${kind}`);
      },
    },
    {
      key: 'homefeed',
      label: '(c) home feed, page 1',
      method: 'GET',
      url: appBase + homePath,
      headers: viewer.headersFor('GET'),
      note: `Signed in as ${VIEWER_USERNAME} (follows ${OPTS.viewerFollows} people and ${seed.viewerBoardFollows.length} boards), page_size ${OPTS.pageSize}.`,
      async check(r) {
        const rr = resourceOk(r, 'home feed');
        const pins = assertPinPage(rr, 'home feed', OPTS.pageSize);
        for (const p of pins) {
          check(
            allowedPinners.has(p.pinner.id) || (p.board && followedBoards.has(p.board.id)),
            `home feed: Pin ${p.id} by ${p.pinner.username} is neither the viewer's nor from someone or a board they follow`,
          );
        }
      },
    },
    {
      key: 'board_deep',
      label: `(d) board page ${OPTS.deepPage}`,
      method: 'GET',
      get url() {
        return appBase + deepPath;
      },
      headers: viewer.headersFor('GET'),
      note: `Signed in; the ${seed.bigBoard.pins.toLocaleString('en-US')}-Pin board, page_size ${OPTS.pageSize}; bookmark obtained by walking pages 1–${OPTS.deepPage - 1} and checked against SQL (see bookmarkSource).`,
      async prepare() {
        // Walk the pages as a client would; the bookmark reached must be the one computed in SQL
        // right after seeding (`craftedBookmark`). If walking takes longer than the budget (e.g.
        // without ANALYZE, ~1 s a page on PGlite), the crafted bookmark is used instead, and said so.
        const t = performance.now();
        let bookmark: string | undefined;
        let last: bigint | null = null;
        const seen = new Set<string>();
        let page = 1;
        for (; page < OPTS.deepPage; page++) {
          if (performance.now() - t > OPTS.walkBudgetSec * 1000) break;
          const path = BenchClient.resourcePath('BoardFeedResource', 'get', boardOpts(bookmark));
          const rr = resourceOk(await viewer.request('GET', path), `board page ${page}`);
          const pins = assertPinPage(rr, `board page ${page}`, OPTS.pageSize);
          for (const p of pins) {
            check(p.board?.id === seed.bigBoard.id, `board page ${page}: Pin ${p.id} is on board ${p.board?.id}`);
            check(!seen.has(p.id), `board page ${page}: Pin ${p.id} seen on an earlier page`);
            check(last === null || BigInt(p.id) < last, `board page ${page}: Pin ${p.id} is not older than the previous one`);
            seen.add(p.id);
            last = BigInt(p.id);
          }
          bookmark = rr.bookmark ?? undefined;
        }
        if (page === OPTS.deepPage) {
          check(bookmark === craftedBookmark, `board walk: reached bookmark ${bookmark}, but SQL says page ${OPTS.deepPage} starts after ${craftedBookmark}`);
          onBookmark('walked');
          log(`    walked ${OPTS.deepPage - 1} board pages in ${secs(performance.now() - t)}; the bookmark matches the one computed in SQL`);
        } else {
          bookmark = craftedBookmark;
          onBookmark('crafted');
          log(`    walked ${page - 1} pages in ${secs(performance.now() - t)} (budget ${OPTS.walkBudgetSec} s): using the bookmark computed in SQL`);
        }
        const cursor = decodeBookmark(bookmark);
        check(Array.isArray(cursor) && cursor.length === 1, `board walk: bookmark ${bookmark} is not [id]`);
        deepCursor = BigInt(String(cursor[0]));
        deepPath = BenchClient.resourcePath('BoardFeedResource', 'get', boardOpts(bookmark));
        log(`    bookmark ${bookmark} = ${JSON.stringify(cursor)}`);
      },
      async check(r) {
        const rr = resourceOk(r, `board page ${OPTS.deepPage}`);
        const pins = assertPinPage(rr, `board page ${OPTS.deepPage}`, OPTS.pageSize);
        for (const p of pins) {
          check(p.board?.id === seed.bigBoard.id, `board page ${OPTS.deepPage}: Pin ${p.id} is on board ${p.board?.id}`);
          check(BigInt(p.id) < deepCursor, `board page ${OPTS.deepPage}: Pin ${p.id} is not older than the bookmark`);
        }
        const ids = pins.map((p) => p.id);
        if (deepIds.length) check(ids.join() === deepIds.join(), `board page ${OPTS.deepPage}: a second read differs from the first`);
        deepIds = ids;
      },
    },
    {
      key: 'pin_upload',
      label: '(e) Pin upload (multipart)',
      method: 'POST',
      url: appBase + uploadPath,
      headers: uploadHeaders,
      body: form.body,
      note: `Signed in, X-CSRFToken; a ${(uploadJpeg.length / 1024).toFixed(0)} KB ${OPTS.upload.width}×${OPTS.upload.height} JPEG decoded, re-encoded to 6 variants, fsynced to disk, one INSERT + board count UPDATE per request.`,
      async prepare() {
        pinCountBefore = await boardPinCount();
      },
      async check(r) {
        const rr = resourceOk(r, 'upload');
        assertPin(rr.data, 'upload');
        const pin = rr.data;
        check(pin.board?.id === seed.uploadBoard.id, `upload: Pin is on board ${pin.board?.id}, expected ${seed.uploadBoard.id}`);
        check(pin.width === OPTS.upload.width && pin.height === OPTS.upload.height, `upload: Pin is ${pin.width}×${pin.height}`);
        const img = await fetch(appBase + pin.images['236x']!.url);
        const bytes = Buffer.from(await img.arrayBuffer());
        check(img.status === 200 && img.headers.get('content-type') === 'image/jpeg' && bytes.length > 1000, `upload: 236x image answers ${img.status}`);
        pinCountBefore += 1;
        const count = await boardPinCount();
        check(count === pinCountBefore, `upload: the board's pin_count is ${count}, expected ${pinCountBefore}`);
      },
      async after(counted2xx, settleMs) {
        // autocannon stops at the deadline with up to `connections` uploads in flight per run (warm-up
        // and measured): the server still finishes those, so wait until the count stays the same for
        // longer than the slowest upload took, then allow them.
        let now = await boardPinCount();
        for (let prev = -1; now !== prev; ) {
          await new Promise((r) => setTimeout(r, settleMs));
          prev = now;
          now = await boardPinCount();
        }
        const made = now - pinCountBefore;
        check(
          made >= counted2xx && made <= counted2xx + 2 * OPTS.connections,
          `upload: ${made} Pins were made, but autocannon counted ${counted2xx} uploads answered 2xx (+ at most ${2 * OPTS.connections} in flight at the deadlines)`,
        );
        pinCountBefore = now;
      },
    },
    {
      key: 'save',
      label: "(f) save someone's Pin",
      method: 'POST',
      url: appBase + '/resource/RepinResource/create/',
      headers: { ...viewer.headersFor('POST'), 'content-type': 'application/json' },
      get body() {
        return saveBody;
      },
      note: "Signed in, X-CSRFToken; RepinResource to one of the viewer's boards: the visibility and block checks, one INSERT and two counter UPDATEs (the source Pin's repin_count, the board's pin_count) in a transaction. Every request saves the same Pin, so they also queue on that Pin's row lock.",
      async prepare() {
        saveBoardId = await makeBoard('Bench saves');
        const first = resourceOk(await viewer.resource('BoardFeedResource', 'get', { board_id: seed.bigBoard.id, page_size: 1 }), 'big board page 1');
        const source = (first.data as PinLike[])[0];
        check(source && source.pinner.id !== seed.viewer.id, 'save: no Pin of someone else to save');
        saveBody = Buffer.from(JSON.stringify({ options: { pin_id: source.id, board_id: saveBoardId } }));
        savesBefore = 0;
      },
      async check(r) {
        const rr = resourceOk(r, 'save');
        assertPin(rr.data, 'save');
        check(rr.data.board?.id === saveBoardId && rr.data.pinner.id === seed.viewer.id, `save: the Pin is on ${rr.data.board?.id} by ${rr.data.pinner.id}`);
        savesBefore += 1;
        const count = await boardPins(saveBoardId);
        check(count === savesBefore, `save: the board's pin_count is ${count}, expected ${savesBefore}`);
      },
      async after(counted2xx, settleMs) {
        let now = await boardPins(saveBoardId);
        for (let prev = -1; now !== prev; ) {
          await new Promise((r) => setTimeout(r, settleMs));
          prev = now;
          now = await boardPins(saveBoardId);
        }
        const made = now - savesBefore;
        check(
          made >= counted2xx && made <= counted2xx + 2 * OPTS.connections,
          `save: ${made} Pins were saved, but autocannon counted ${counted2xx} saves answered 2xx (+ at most ${2 * OPTS.connections} in flight at the deadlines)`,
        );
        savesBefore = now;
      },
    },
    {
      key: 'move',
      label: `(g) move ${OPTS.movePins} Pins`,
      method: 'POST',
      url: appBase + movePath,
      headers: moveHeaders,
      note: `Signed in, X-CSRFToken; PinMoveResource with ${OPTS.movePins} pin_ids, alternately from one of the viewer's boards to another and back, one move at a time (a second move on a board while one runs answers 2171): both boards' claims, one UPDATE of the Pins, both boards' counts and covers settled, both boards read back.`,
      async prepare() {
        move.from = await makeBoard('Bench move from');
        move.to = await makeBoard('Bench move to');
        // The saves of (f) made Pins of the viewer's; fill the first board with as many as the move needs.
        const saved = await boardPins(saveBoardId);
        for (let i = saved; i < OPTS.movePins; i++) resourceOk(await viewer.request('POST', '/resource/RepinResource/create/', { body: saveBody, headers: { 'content-type': 'application/json' } }), 'save for the move');
        const ids: string[] = [];
        for (let bookmark: string | null | undefined; ids.length < OPTS.movePins; ) {
          const rr = resourceOk(
            await viewer.resource('BoardFeedResource', 'get', { board_id: saveBoardId, page_size: 250, ...(bookmark ? { bookmark } : {}) }),
            'saves board page',
          );
          ids.push(...(rr.data as PinLike[]).map((p) => p.id));
          bookmark = rr.bookmark;
          check(bookmark || ids.length >= OPTS.movePins, `move: the saves board has only ${ids.length} Pins`);
        }
        move.ids = ids.slice(0, OPTS.movePins);
        // Start from "move from": the same Pins, moved there once (not measured).
        resourceOk(
          await viewer.request('POST', movePath, {
            body: JSON.stringify({ options: { board_id: saveBoardId, new_board_id: move.from, pin_ids: move.ids } }),
            headers: { 'content-type': 'application/json' },
          }),
          'move to the starting board',
        );
      },
      async check(r) {
        const rr = resourceOk(r, 'move');
        const d = rr.data as { moved_count: number; board: { id: string; pin_count: number }; source_board: { id: string; pin_count: number } };
        check(d.moved_count === OPTS.movePins, `move: moved ${d.moved_count} Pins, expected ${OPTS.movePins}`);
      },
      sequence: {
        send: (i) => viewer.request('POST', movePath, { body: moveBody(i), headers: { 'content-type': 'application/json' } }),
        async verify(i, r) {
          const rr = resourceOk(r, `move ${i + 1}`);
          const d = rr.data as { moved_count: number; board: { id: string; pin_count: number }; source_board: { id: string; pin_count: number } };
          const target = i % 2 === 0 ? move.to : move.from;
          check(d.moved_count === OPTS.movePins && d.board.id === target, `move ${i + 1}: moved ${d.moved_count} to ${d.board.id}`);
          check(d.board.pin_count === OPTS.movePins && d.source_board.pin_count === 0, `move ${i + 1}: counts ${d.board.pin_count} / ${d.source_board.pin_count}`);
        },
      },
    },
  ];
}

/**
 * Runs a sequence scenario's requests one after another (each verified, untimed) and reports them
 * as a LoadResult: requests a second over the time spent sending, and the latency percentiles.
 */
function sequenceRunner(seq: NonNullable<Scenario['sequence']>) {
  let i = 1; // 0 was the checked first request
  const step = async () => {
    const t = performance.now();
    const r = await seq.send(i);
    const ms = performance.now() - t;
    await seq.verify(i, r);
    i += 1;
    return { r, ms };
  };
  return {
    async run(durationSec: number): Promise<LoadResult> {
      const hist = createHistogram();
      const statusCodes: Record<string, number> = {};
      let sendingMs = 0;
      let n = 0;
      const until = performance.now() + durationSec * 1000;
      while (performance.now() < until) {
        const { r, ms } = await step();
        hist.record(Math.max(1, Math.round(ms * 1000)));
        statusCodes[r.status] = (statusCodes[r.status] ?? 0) + 1;
        sendingMs += ms;
        n += 1;
      }
      const p = (q: number) => +(hist.percentile(q) / 1000).toFixed(3);
      return {
        durationSec,
        reqPerSec: +(n / (sendingMs / 1000)).toFixed(2),
        totalRequests: n,
        ok2xx: n, // verify() failed the bench otherwise
        non2xx: 0,
        errors: 0,
        timeouts: 0,
        statusCodes,
        p50Ms: p(50),
        p90Ms: p(90),
        p99Ms: p(99),
        maxMs: +(hist.max / 1000).toFixed(3),
        meanMs: +(hist.mean / 1000).toFixed(3),
        autocannon: { p50Ms: p(50), p99Ms: p(99), meanMs: +(hist.mean / 1000).toFixed(3), throughputBytesPerSec: 0 },
      };
    },
    async checkNext(checkReply: (r: Reply) => Promise<void>) {
      const { r } = await step();
      await checkReply(r);
    },
  };
}

// ---- one database ------------------------------------------------------------------------

interface DbRun {
  kind: DbKind;
  date: string;
  startedAt: string;
  machine: ReturnType<typeof machineInfo>;
  options: typeof OPTS;
  seed: { counts: SeedResult['counts']; timings: SeedResult['timings'] & { openAndMigrateMs: number; imagesMs: number } };
  serverStartMs: number;
  /** How the deep board page's bookmark was obtained. */
  bookmarkSource: 'walked' | 'crafted';
  scenarios: ScenarioResult[];
  slowestSqlUnderLoad: { sql: string; meanMs: number | null; calls: number }[];
  explain: ExplainResult[];
  ok: boolean;
}

/** CPU time (user + system) of each process named `postgres`, ms by pid; empty where /proc is missing. */
function postgresCpuMs(): Map<string, number> {
  const out = new Map<string, number>();
  let dirs: string[];
  try {
    dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const d of dirs) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const f = stat.slice(close + 2).split(' '); // f[0] is field 3 (state); utime, stime are fields 14, 15
      out.set(d, (Number(f[11]) + Number(f[12])) * 10); // USER_HZ is 100 on Linux
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** CPU the `postgres` processes used between two snapshots (processes that ended meanwhile are left out). */
function postgresCpuDelta(before: Map<string, number>, after: Map<string, number>) {
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
}

/** CPU time all cores spent busy since boot, ms. */
function machineBusyMs() {
  return os.cpus().reduce((sum, c) => sum + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0);
}

function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: +(os.totalmem() / 1024 ** 3).toFixed(1),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage1m: +(os.loadavg()[0] ?? 0).toFixed(2),
  };
}

async function openFresh(kind: DbKind, tmp: string): Promise<{ db: Db; target: DbTarget; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = join(tmp, 'pglite');
    const db = await openPglite(dataDir);
    return { db, target: { kind, dataDir }, drop: async () => {} };
  }
  const url = PG_URL!;
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = openPostgres(url, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  return {
    db: openPostgres(url, { schema, max: 4 }),
    target: { kind, url, schema },
    drop: async () => {
      if (process.env.BENCH_KEEP) return log(`  kept schema ${schema}`);
      const a = openPostgres(url, { max: 1 });
      await a.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await a.close();
    },
  };
}

async function runOne(kind: DbKind, root: string, mediaDir: string, images: StoredImage[], imagesMs: number, uploadJpeg: Buffer): Promise<DbRun> {
  const startedAt = new Date();
  const machine = machineInfo();
  const tmp = join(root, kind);
  mkdirSync(tmp, { recursive: true });
  log(`\n=== ${kind === 'pglite' ? 'PGlite (embedded, in the server process)' : `PostgreSQL (${redact(PG_URL!)})`} ===`);

  const t0 = performance.now();
  const { db, target, drop } = await openFresh(kind, tmp);
  let server: ServerProcess | null = null;
  try {
    await migrate(db);
    const openAndMigrateMs = Math.round(performance.now() - t0);
    log(`  open + migrate: ${secs(openAndMigrateMs)}`);
    const seed = await seedBench(db, images, {
      pins: OPTS.pins,
      bigBoardPins: OPTS.bigBoardPins,
      users: OPTS.users,
      viewerFollows: OPTS.viewerFollows,
      boardsPerUser: OPTS.boardsPerUser,
      analyze: OPTS.analyze,
      log,
    });
    // The bookmark of the page before `deepPage`: the last id of that page, encoded as lib/cursor.ts does.
    const [lastOfPrev] = await db.query<{ id: string }>(
      'SELECT id FROM pins WHERE board_id = $1 ORDER BY id DESC OFFSET $2 LIMIT 1',
      [seed.bigBoard.id, (OPTS.deepPage - 1) * OPTS.pageSize - 1],
    );
    check(lastOfPrev, `the big board has fewer than ${(OPTS.deepPage - 1) * OPTS.pageSize} Pins`);
    const craftedBookmark = Buffer.from(JSON.stringify([lastOfPrev.id])).toString('base64url');
    await db.close();
    const c = seed.counts;
    const tm = seed.timings;
    log(
      `  seeded ${c.pins.toLocaleString('en-US')} Pins (${seed.bigBoard.pins.toLocaleString('en-US')} on one board), ${c.users} users, ${c.boards} boards, ` +
        `${c.follows} follows, ${c.images} images in ${secs(tm.totalMs)} ` +
        `(users ${secs(tm.usersMs)}, boards ${secs(tm.boardsMs)}, Pins ${secs(tm.pinsMs)}, follows ${secs(tm.followsMs)}, ` +
        `${OPTS.analyze ? `ANALYZE ${secs(tm.analyzeMs)}` : 'no ANALYZE'})`,
    );

    server = await ServerProcess.start({ target, mediaDir, tmpDir: tmp });
    const appBase = `http://127.0.0.1:${server.ready.appPort}`;
    const floorBase = `http://127.0.0.1:${server.ready.floorPort}`;
    const serverStartMs = server.ready.startMs;
    log(`  server process up in ${secs(serverStartMs)} on ${appBase} (floor on ${floorBase})`);

    // Sign in the measured user the way the web app does.
    const viewer = new BenchClient(appBase);
    const hz = await viewer.request('GET', '/healthz');
    check(hz.status === 200 && viewer.cookies.has('csrftoken'), `GET /healthz gave no csrftoken cookie (HTTP ${hz.status})`);
    const login = resourceOk(
      await viewer.resource('UserSessionResource', 'create', { username_or_email: VIEWER_USERNAME, password: BENCH_PASSWORD }),
      'login',
    );
    check((login.data as { isAuth?: boolean; username?: string }).username === VIEWER_USERNAME, `login answered ${JSON.stringify(login.data)}`);
    check(viewer.cookies.has('pb_session'), 'login set no pb_session cookie');
    const me = resourceOk(await viewer.resource('UserSessionResource', 'get'), 'session check');
    check((me.data as { isAuth?: boolean }).isAuth === true, 'the session cookie does not sign in');

    let bookmarkSource: 'walked' | 'crafted' = 'walked';
    const scenarios = await buildScenarios(kind, floorBase, appBase, seed, viewer, uploadJpeg, craftedBookmark, (src) => {
      bookmarkSource = src;
    });
    if (OPTS.whatIf === 'cover') {
      const d = scenarios.findIndex((x) => x.key === 'board_deep');
      const orig = scenarios[d]!;
      scenarios.splice(d + 1, 0, {
        key: 'board_deep_whatif_cover',
        label: `(d*) page ${OPTS.deepPage}, cover fix`,
        method: orig.method,
        get url() {
          return orig.url;
        },
        headers: orig.headers,
        note: 'What-if: (d) again, with the server sending the proposed board-cover SQL (scripts/bench/sql-fixes.ts); must answer the same page.',
        check: orig.check,
        whatIfCover: true,
      });
    }
    const results: ScenarioResult[] = [];
    let floor: LoadResult | null = null;
    for (const s of scenarios) {
      log(`  ${s.label}`);
      if (s.whatIfCover) await server.call({ type: 'what-if', cover: true }, 'what-if-set');
      await s.prepare?.();
      await server.call({ type: 'record-sql', on: true }, 'sql-recorded');
      const first = s.sequence ? await s.sequence.send(0) : await sendExact(s);
      const { calls: sqlPerRequest, rewrites } = await server.call({ type: 'record-sql', on: false }, 'sql-recorded');
      await s.check(first);
      await s.sequence?.verify(0, first);
      if (s.whatIfCover && rewrites === 0) {
        await server.call({ type: 'what-if', cover: false }, 'what-if-set');
        log("    skipped: the app's board lookup no longer has the slow cover query, nothing to compare");
        continue;
      }
      const spec = { url: s.url, method: s.method, headers: s.headers, body: s.body, connections: OPTS.connections };
      const sequence = s.sequence ? sequenceRunner(s.sequence) : null;
      const warm = sequence ? await sequence.run(OPTS.warmupSec) : await runLoad({ ...spec, durationSec: OPTS.warmupSec });
      await settle(server, warm);
      await server.call({ type: 'phase-start', name: s.key }, 'phase-started');
      const cpu0 = { machine: machineBusyMs(), pg: postgresCpuMs(), self: process.cpuUsage(), t: performance.now() };
      const load = sequence ? await sequence.run(OPTS.durationSec) : await runLoad({ ...spec, durationSec: OPTS.durationSec });
      const wallMs = performance.now() - cpu0.t;
      const self = process.cpuUsage(cpu0.self);
      const machineCpuMs = machineBusyMs() - cpu0.machine;
      const pgCpuMs = postgresCpuDelta(cpu0.pg, postgresCpuMs());
      const { stats } = await server.call({ type: 'phase-end' }, 'phase-stats');
      await settle(server, load);
      const generatorCores = (self.user + self.system) / 1000 / wallMs;
      const cpu = {
        machineCores: +(machineCpuMs / wallMs).toFixed(2),
        generatorCores: +generatorCores.toFixed(2),
        postgresCores: +(pgCpuMs / wallMs).toFixed(2),
        otherCores: +Math.max(0, machineCpuMs / wallMs - generatorCores - pgCpuMs / wallMs - stats.cpuCores).toFixed(2),
      };
      await s.after?.(warm.ok2xx + load.ok2xx, Math.max(2000, settleMs(load)));
      if (sequence) await sequence.checkNext(s.check); // still answering correctly after the load
      else await s.check(await sendExact(s));
      if (s.whatIfCover) {
        await server.call({ type: 'what-if', cover: false }, 'what-if-set');
        check(stats.rewrites > 0, `${s.label}: the what-if changed no SQL during the load`);
      }

      const problems: string[] = [];
      if (load.non2xx || warm.non2xx) problems.push(`non-2xx: ${JSON.stringify(load.statusCodes)} (warm-up ${warm.non2xx})`);
      if (load.errors || load.timeouts) problems.push(`${load.errors} errors, ${load.timeouts} timeouts`);
      if (load.ok2xx === 0) problems.push('no 2xx responses');
      if (s.key === 'floor') floor = load;
      const f = floor ?? load;
      const r: ScenarioResult = {
        key: s.key,
        label: s.label,
        method: s.method,
        path: new URL(s.url).pathname + new URL(s.url).search,
        note: s.note,
        load,
        warmup: { durationSec: warm.durationSec, requests: warm.totalRequests, ok2xx: warm.ok2xx, non2xx: warm.non2xx },
        server: stats,
        cpu,
        vsFloor: {
          reqPerSec: +(load.reqPerSec / f.reqPerSec).toFixed(4),
          p50: +(load.p50Ms / f.p50Ms).toFixed(2),
          p99: +(load.p99Ms / f.p99Ms).toFixed(2),
        },
        dbCallsPerRequest: s.key === 'floor' ? null : sqlPerRequest,
        problems,
      };
      results.push(r);
      log(
        `    ${fmtNum(load.reqPerSec)} req/s, p50 ${fmtMs(load.p50Ms)} ms, p99 ${fmtMs(load.p99Ms)} ms, ` +
          `non-2xx ${load.non2xx}, event-loop p99 ${stats.eldP99Ms} ms, RSS ${stats.rssPeakMb} MB, ` +
          `CPU cores busy: server ${stats.cpuCores}, postgres ${cpu.postgresCores}, generator ${cpu.generatorCores}, other programs ${cpu.otherCores}` +
          (problems.length ? `  !! ${problems.join('; ')}` : ''),
      );
    }

    const { results: explain } = await server.call({ type: 'explain' }, 'explained');
    await server.stop();
    server = null;

    const run: DbRun = {
      kind,
      date: startedAt.toISOString().slice(0, 10),
      startedAt: startedAt.toISOString(),
      machine,
      options: OPTS,
      seed: { counts: seed.counts, timings: { ...seed.timings, openAndMigrateMs, imagesMs } },
      serverStartMs,
      bookmarkSource,
      scenarios: results,
      slowestSqlUnderLoad: [...explain]
        .filter((e) => e.meanMsUnderLoad !== null)
        .sort((a, b) => (b.meanMsUnderLoad ?? 0) - (a.meanMsUnderLoad ?? 0))
        .slice(0, 5)
        .map((e) => ({ sql: e.sql, meanMs: e.meanMsUnderLoad, calls: e.callsUnderLoad })),
      explain,
      ok: results.every((r) => r.problems.length === 0),
    };
    return run;
  } finally {
    server?.kill();
    await db.close().catch(() => {});
    await drop().catch((e: unknown) => console.error(`could not drop the bench schema: ${String(e)}`));
  }
}

// ---- output --------------------------------------------------------------------------------

const fmtNum = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
const fmtMs = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const fmtRatio = (n: number) => (n >= 10 ? `${n.toFixed(0)}×` : n >= 1 ? `${n.toFixed(1)}×` : `${n.toFixed(3)}×`);
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

export function table(run: DbRun): string {
  const head = ['scenario', 'req/s', '×floor', 'p50 ms', '×floor', 'p99 ms', '×floor', 'non-2xx', 'ELD p99 ms', 'RSS peak MB', 'CPU srv/pg/gen/other', 'SQL/req'];
  const rows = run.scenarios.map((r) => [
    r.label,
    fmtNum(r.load.reqPerSec),
    fmtRatio(r.vsFloor.reqPerSec),
    fmtMs(r.load.p50Ms),
    fmtRatio(r.vsFloor.p50),
    fmtMs(r.load.p99Ms),
    fmtRatio(r.vsFloor.p99),
    String(r.load.non2xx + r.load.errors + r.load.timeouts) + (r.problems.length ? ' !!' : ''),
    r.server.eldP99Ms.toFixed(1),
    r.server.rssPeakMb.toFixed(0),
    [r.server.cpuCores, r.cpu.postgresCores, r.cpu.generatorCores, r.cpu.otherCores].map((n) => n.toFixed(2)).join('/'),
    r.dbCallsPerRequest === null ? '–' : String(r.dbCallsPerRequest),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const title =
    `${run.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} — ${run.seed.counts.pins.toLocaleString('en-US')} Pins, ` +
    `${run.options.analyze ? '' : 'NO ANALYZE, '}${run.options.connections} connections, ${run.options.durationSec} s per scenario (+${run.options.warmupSec} s warm-up), ` +
    `${run.machine.cpus} cores, ${run.machine.memoryGb} GB, Node ${run.machine.node}`;
  return [title, line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main() {
  const started = performance.now();
  const root = mkdtempSync(join(os.tmpdir(), 'pinboard-bench-'));
  const mediaDir = join(root, 'media');
  const m = machineInfo();
  log(`Pinboard bench — ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}`);
  log(`databases: ${KINDS.join(', ')}; ${OPTS.connections} connections, ${OPTS.durationSec} s per scenario; temp ${root}`);
  const runs: DbRun[] = [];
  let failed = false;
  try {
    const t = performance.now();
    const images = await makeBenchImages(new DiskMediaStore(mediaDir), OPTS.images);
    const imagesMs = Math.round(performance.now() - t);
    log(`made ${images.length} real images (sharp pipeline, 6 variants each) in ${secs(imagesMs)}`);
    const uploadJpeg = await makeTestImage({ ...OPTS.upload, format: 'jpeg' });
    check(uploadJpeg.length > 80_000 && uploadJpeg.length < 130_000, `upload JPEG is ${uploadJpeg.length} bytes, expected ~100 KB`);

    for (const kind of KINDS) {
      const run = await runOne(kind, root, mediaDir, images, imagesMs, uploadJpeg);
      runs.push(run);
      mkdirSync(RESULTS_DIR, { recursive: true });
      const file = join(RESULTS_DIR, `${run.date}-${kind}${OPTS.analyze ? '' : '-no-analyze'}${OPTS.whatIf ? `-whatif-${OPTS.whatIf}` : ''}.json`);
      writeFileSync(file, JSON.stringify(run, null, 2) + '\n');
      log(`\n${table(run)}\n`);
      log('  slowest SQL under load (mean ms per call, incl. waiting for a connection):');
      for (const s of run.slowestSqlUnderLoad) log(`    ${String(s.meanMs).padStart(8)} ms × ${s.calls}  ${s.sql.slice(0, 150)}${s.sql.length > 150 ? '…' : ''}`);
      if (process.env.BENCH_EXPLAIN) for (const e of run.explain) log(`\n  EXPLAIN ANALYZE ${e.sql}\n  params ${JSON.stringify(e.params)}\n${e.plan}`);
      log(`  results: ${file}`);
      if (!run.ok) failed = true;
    }
  } catch (err) {
    failed = true;
    console.error(err instanceof BenchFailure ? `\nBENCH CHECK FAILED: ${err.message}` : err);
  } finally {
    if (process.env.BENCH_KEEP) log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
  if (runs.length > 1) {
    log('\n=== summary ===');
    for (const r of runs) log(`\n${table(r)}`);
  }
  log(`\nbench took ${secs(performance.now() - started)}`);
  if (failed) {
    console.error('\nThe bench did not pass cleanly (see above).');
    process.exit(1);
  }
}

await main();
