/**
 * `npm run bench`: for each database and data size, seeds a fresh database
 * (100,000 Pins by default; 1,000,000 with BENCH_SIZES=100000,1000000),
 * starts the real app in a child process (scripts/bench/server.ts) serving a
 * real web build, and loads it from this process with autocannon, scenario by
 * scenario (scripts/bench/scenarios.ts). Every read scenario is also run
 * against its floor: a raw node:http server in a third process
 * (scripts/bench/floor.ts) answering with the very bytes the app answered,
 * loaded with the same settings; the table shows app req/s ÷ floor req/s.
 *
 * The embedded PostgreSQL in a temporary folder always (fsync on, as
 * `npm start` runs it); an external PostgreSQL as well when
 * TEST_DATABASE_URL or DATABASE_URL is set (a fresh schema, dropped at the end).
 * Every scenario's exact request is checked (status 200 and the expected
 * shape) before it is measured and again after. Results: a table and the
 * targets on stdout, and scripts/bench/results/<date>-<db>-<pins>.json.
 * See docs/performance.md.
 *
 * Environment: BENCH_DB (embedded,external), BENCH_SIZES (100000; a comma list) or BENCH_PINS (one size),
 * BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_CONNECTIONS (16), BENCH_HOME_CONNECTIONS (10),
 * BENCH_LATENCY_CONNECTIONS (the cores: the `_latency` scenarios, where search, suggestions and related Pins
 * are held to their p99 goals), BENCH_UPLOAD_CONNECTIONS (2), BENCH_MOVE_PINS (500), BENCH_DEEP_PAGE (200), BENCH_WALK_BUDGET (60 s),
 * BENCH_ONLY (a comma list of scenario keys), BENCH_CPU_PROF (a comma list of scenario keys: CPU-profile the
 * server process during those), BENCH_WEB_BUILD=0 (no web build: the fallback template), BENCH_EXPLAIN=1
 * (print every EXPLAIN ANALYZE), BENCH_KEEP=1 (keep the temporary folder and the PostgreSQL schema),
 * BENCH_ANALYZE=0 (no VACUUM ANALYZE after seeding), BENCH_REPEAT (1: run the kept scenarios that many times over,
 * for the spread of a figure; meant for read scenarios), LOG_LEVEL (the server's, `npm start`'s default info: its
 * lines go to server.log in the temporary folder, as a log collector's file would take them).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createHistogram } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgres, type Db } from '../../apps/server/src/db/client';
import { queueSchemaOf } from '../../apps/server/src/db/queue-schema';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres';
import { createDatabaseIfMissing } from '../../apps/server/src/db/open';
import { migrate } from '../../apps/server/src/db/migrate';
import { DiskMediaStore } from '../../apps/server/src/media-pipeline/disk-media-store';
import { makeTestImage } from '../../apps/server/src/media-pipeline/test-images';
import type { StoredImage } from '../../apps/server/src/seed/factories';
import { BenchClient, sendRaw, type RawReply, type Reply } from './http';
import { runLoad, type LoadResult } from './load';
import { Child, cpuDelta, machineBusyMs, machineInfo, PgProcesses, processCpuMs } from './procs';
import { formatProfile, summariseProfile, type ProfileSummary } from './profile';
import type { DbTarget, ExplainResult, FloorFromServer, FloorToServer, FromServer, PhaseStats, ToServer } from './protocol';
import { formatTargets, scalingTargets, table, targetsOf, type Target } from './report';
import { BenchFailure, buildScenarios, check, resourceOk, type DbKind, type Scenario } from './scenarios';
import { BENCH_PASSWORD, makeBenchImages, RECS_USERNAME, seedBench, VIEWER_USERNAME, type SeedResult } from './seed';

const envInt = (name: string, def: number) => {
  const v = process.env[name];
  if (v === undefined || v === '') return def;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${JSON.stringify(v)}`);
  return n;
};
const envList = (name: string) =>
  (process.env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function sizes(): number[] {
  const list = envList('BENCH_SIZES').map(Number);
  if (list.some((n) => !Number.isInteger(n) || n < 10_000)) throw new Error(`BENCH_SIZES must list whole numbers ≥ 10000, got ${process.env.BENCH_SIZES}`);
  return list.length ? list : [envInt('BENCH_PINS', 100_000)];
}

const OPTS = {
  sizes: sizes(),
  bigBoardPins: 10_000,
  users: 200,
  viewerFollows: 20,
  boardsPerUser: 3,
  images: 50,
  durationSec: envInt('BENCH_DURATION', 10),
  warmupSec: envInt('BENCH_WARMUP', 2),
  connections: envInt('BENCH_CONNECTIONS', 16),
  homeConnections: envInt('BENCH_HOME_CONNECTIONS', 10),
  latencyConnections: envInt('BENCH_LATENCY_CONNECTIONS', os.cpus().length),
  uploadConnections: envInt('BENCH_UPLOAD_CONNECTIONS', 2),
  pageSize: 25,
  deepPage: envInt('BENCH_DEEP_PAGE', 200),
  walkBudgetSec: envInt('BENCH_WALK_BUDGET', 60),
  analyze: process.env.BENCH_ANALYZE !== '0',
  upload: { width: 3000, height: 2000, seed: 3, quality: 90 },
  movePins: envInt('BENCH_MOVE_PINS', 500),
  only: envList('BENCH_ONLY'),
  cpuProfile: envList('BENCH_CPU_PROF'),
  repeat: envInt('BENCH_REPEAT', 1),
  webBuild: process.env.BENCH_WEB_BUILD !== '0',
};
type BenchOptions = typeof OPTS;

const PG_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
const KINDS: DbKind[] = process.env.BENCH_DB ? (envList('BENCH_DB') as DbKind[]) : ['embedded', ...(PG_URL ? (['external'] as const) : [])];
for (const k of KINDS) {
  if (k !== 'embedded' && k !== 'external') throw new Error(`BENCH_DB: unknown database kind ${k}`);
  if (k === 'external' && !PG_URL) throw new Error('BENCH_DB=external needs TEST_DATABASE_URL or DATABASE_URL');
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const PROFILES_DIR = join(RESULTS_DIR, 'profiles');
const SERVER_SCRIPT = fileURLToPath(new URL('./server.ts', import.meta.url));
/** Node's flags that `npm start` runs the server with (package.json: `node <flags> scripts/start.mjs`), for the server process alone. */
const SERVER_NODE_FLAGS = (() => {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const m = /^node((?: --[\w-]+(?:=\S+)?)*) scripts\/start\.mjs$/.exec(start);
  if (!m) throw new Error(`package.json: the start script is not "node [flags] scripts/start.mjs": ${start}`);
  return m[1]!.trim().split(' ').filter(Boolean);
})();
const FLOOR_SCRIPT = fileURLToPath(new URL('./floor.ts', import.meta.url));

const log = (msg = '') => console.log(msg);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

type ServerProcess = Child<ToServer, FromServer>;
type FloorProcess = Child<FloorToServer, FloorFromServer>;

/**
 * autocannon stops at its deadline with up to `connections` requests in flight; the server still
 * finishes them. Wait for that before the next phase: twice the slowest latency seen (uploads spend
 * most of it in sharp, before any SQL), then until no SQL has been in flight for half a second.
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

// ---- results ----------------------------------------------------------------------------

export interface ScenarioResult {
  key: string;
  label: string;
  group: 'read' | 'write';
  method: string;
  path: string;
  note: string;
  connections: number;
  /** Bytes of the checked answer's body. */
  responseBytes: number;
  load: LoadResult;
  warmup: { durationSec: number; requests: number; ok2xx: number; non2xx: number };
  server: PhaseStats;
  /** db.query calls during the measured phase ÷ requests completed in it. */
  queriesPerRequest: number;
  /** db.query calls the app made for the one checked request (exact). */
  queriesOfCheckedRequest: number;
  /** For a scenario that asks for it: the share of requests answered from the signed-out read cache (1 − queriesPerRequest ÷ queriesOfCheckedRequest). */
  cacheHitRate?: number;
  /** Peaks over the measured phase of the PostgreSQL server's processes (null when not on this machine). */
  postgres: { rssPeakMb: number; pssPeakMb: number } | null;
  /**
   * CPU over the measured phase, in cores busy: the whole machine (os.cpus), the server process, this
   * load-generator process, the PostgreSQL server's processes, and the rest: other programs on the
   * machine, which make the figures noisier.
   */
  cpu: { machineCores: number; serverCores: number; generatorCores: number; postgresCores: number; otherCores: number };
  /**
   * CPU time per request, ms: the server process's and the PostgreSQL processes' busy cores ÷ req/s. Less
   * disturbed by other programs than latency is (they take turns on the cores, not work from the app).
   */
  cpuMsPerRequest: { server: number; postgres: number };
  /** The machine's 1-minute load average when the phase started. */
  loadAverage1m: number;
  /** The floor for this exact answer (reads only). ratio = app req/s ÷ floor req/s. */
  floor: { load: LoadResult; ratio: number } | null;
  profile: ProfileSummary | null;
  problems: string[];
}

export interface DbRun {
  kind: DbKind;
  pins: number;
  date: string;
  startedAt: string;
  machine: ReturnType<typeof machineInfo>;
  postgresVersion: string;
  options: BenchOptions;
  webBuild: boolean;
  seed: { counts: SeedResult['counts']; timings: SeedResult['timings'] & { openAndMigrateMs: number; imagesMs: number }; databaseMb: number };
  serverStartMs: number;
  /** How the deep board page's bookmark was obtained. */
  bookmarkSource: 'walked' | 'crafted';
  scenarios: ScenarioResult[];
  targets: Target[];
  explain: ExplainResult[];
  ok: boolean;
}

// ---- one database and size ----------------------------------------------------------------

async function openFresh(kind: DbKind, tmp: string): Promise<{ db: Db; target: DbTarget; pg: () => Promise<PgProcesses>; drop: () => Promise<void> }> {
  if (kind === 'embedded') {
    const dataDir = join(tmp, 'postgres');
    const server = await startEmbeddedPostgres({ dataDir });
    await createDatabaseIfMissing(server.url('postgres'), 'bench');
    const url = server.url('bench');
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return {
      db: openPostgres(url, { kind: 'embedded', max: 4 }),
      target: { kind, url },
      pg: async () => new PgProcesses(pid || null),
      drop: () => server.stop(),
    };
  }
  const url = PG_URL!;
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = openPostgres(url, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const db = openPostgres(url, { schema, max: 4 });
  return {
    db,
    target: { kind, url, schema },
    async pg() {
      const [row] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      return PgProcesses.ofBackend(row!.pid);
    },
    drop: async () => {
      if (process.env.BENCH_KEEP) return log(`  kept schema ${schema}`);
      const a = openPostgres(url, { max: 1 });
      await a.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await a.close();
    },
  };
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
        p95Ms: p(95),
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

/** Loads the floor with exactly the app's answer `first` and the scenario's autocannon settings. */
async function measureFloor(floor: FloorProcess, floorBase: string, s: Scenario, first: RawReply): Promise<LoadResult> {
  await floor.call({ type: 'respond', status: first.status, rawHeaders: first.rawHeaders, bodyBase64: first.body.toString('base64') }, 'responding');
  const url = floorBase + new URL(s.url).pathname + new URL(s.url).search;
  const copy = await sendRaw(url, s.method, s.headers, s.body);
  const comparable = (r: RawReply) => {
    const h: string[] = [];
    for (let i = 0; i < r.rawHeaders.length; i += 2) {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(r.rawHeaders[i]!.toLowerCase()))
        h.push(`${r.rawHeaders[i]}: ${r.rawHeaders[i + 1]}`);
    }
    return h.join('\n');
  };
  check(copy.status === first.status && copy.body.equals(first.body), `${s.label}: the floor does not answer the app's bytes`);
  check(comparable(copy) === comparable(first), `${s.label}: the floor's headers differ from the app's:\n${comparable(copy)}\n---\n${comparable(first)}`);
  const spec = { url, method: s.method, headers: s.headers, body: s.body, connections: s.connections };
  await runLoad({ ...spec, durationSec: OPTS.warmupSec });
  return runLoad({ ...spec, durationSec: OPTS.durationSec });
}

async function runOne(
  kind: DbKind,
  pins: number,
  root: string,
  env: { mediaDir: string; images: StoredImage[]; ownImage: StoredImage; imagesMs: number; uploadJpeg: Buffer; webDistDir: string; webBuild: boolean },
): Promise<DbRun> {
  const startedAt = new Date();
  const machine = machineInfo();
  const tmp = join(root, `${kind}-${pins}`);
  mkdirSync(tmp, { recursive: true });
  log(
    `\n=== ${kind === 'embedded' ? 'embedded PostgreSQL (a child process, fsync on)' : `external PostgreSQL (${redact(PG_URL!)})`}, ${pins.toLocaleString('en-US')} Pins ===`,
  );
  const date = startedAt.toISOString().slice(0, 10);

  const t0 = performance.now();
  const { db, target, pg: findPg, drop } = await openFresh(kind, tmp);
  let server: ServerProcess | null = null;
  let floor: FloorProcess | null = null;
  try {
    await migrate(db);
    const openAndMigrateMs = Math.round(performance.now() - t0);
    log(`  open + migrate: ${secs(openAndMigrateMs)}`);
    const [ver] = await db.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    const seed = await seedBench(db, env.images, {
      pins,
      bigBoardPins: OPTS.bigBoardPins,
      users: OPTS.users,
      viewerFollows: OPTS.viewerFollows,
      boardsPerUser: OPTS.boardsPerUser,
      analyze: OPTS.analyze,
      ownImage: env.ownImage,
      log: (m) => (pins >= 500_000 || !/^\s+Pins /.test(m) ? log(m) : undefined),
    });
    // The bookmark of the page before `deepPage`: the last id of that page, encoded as lib/cursor.ts does.
    const [lastOfPrev] = await db.query<{ id: string }>('SELECT id FROM pins WHERE board_id = $1 ORDER BY id DESC OFFSET $2 LIMIT 1', [
      seed.bigBoard.id,
      (OPTS.deepPage - 1) * OPTS.pageSize - 1,
    ]);
    check(lastOfPrev, `the big board has fewer than ${(OPTS.deepPage - 1) * OPTS.pageSize} Pins`);
    const craftedBookmark = Buffer.from(JSON.stringify([lastOfPrev.id])).toString('base64url');
    const [size] = await db.query<{ mb: number }>('SELECT (pg_database_size(current_database()) / 1048576)::int AS mb');
    const pg = await findPg();
    await db.close();
    const c = seed.counts;
    const tm = seed.timings;
    log(
      `  seeded ${c.pins.toLocaleString('en-US')} Pins (${seed.bigBoard.pins.toLocaleString('en-US')} on one board), ${c.users} users, ${c.boards} boards, ` +
        `${c.follows} follows, ${c.images} images in ${secs(tm.totalMs)} ` +
        `(users ${secs(tm.usersMs)}, boards ${secs(tm.boardsMs)}, Pins ${secs(tm.pinsMs)}, follows ${secs(tm.followsMs)}, ` +
        `${OPTS.analyze ? `VACUUM ANALYZE ${secs(tm.analyzeMs)}` : 'no VACUUM ANALYZE'}); database ${size?.mb} MB`,
    );

    // The server logs at the default level (LOG_LEVEL, else info), one line per request, to a file as a log collector takes it.
    const serverLog = join(tmp, 'server.log');
    const started = await Child.start<ToServer, FromServer>(
      'server process',
      SERVER_SCRIPT,
      { BENCH_SERVER_ENV: JSON.stringify({ target, mediaDir: env.mediaDir, tmpDir: tmp, webDistDir: env.webDistDir }) },
      SERVER_NODE_FLAGS,
      undefined,
      serverLog,
    );
    server = started.child;
    const ready = started.ready;
    // A first start runs the hourly housekeeping at once (keying older links, hashing older pictures: the seed's
    // Pins are all "older"); it is measured apart, not beside the first scenarios.
    const housekeepingMs = await housekeepingSettled(target);
    log(`  start-up housekeeping settled after ${secs(housekeepingMs)}`);
    const f = await Child.start<FloorToServer, FloorFromServer>('floor process', FLOOR_SCRIPT, {});
    floor = f.child;
    const appBase = `http://127.0.0.1:${ready.appPort}`;
    const floorBase = `http://127.0.0.1:${f.ready.port}`;
    log(
      `  server process (pid ${server.pid}${SERVER_NODE_FLAGS.length ? `, node ${SERVER_NODE_FLAGS.join(' ')}` : ''}) up in ${secs(ready.startMs)} on ${appBase}, logging at ${process.env.LOG_LEVEL || 'info'} to ${serverLog}; floor process (pid ${floor.pid}) on ${floorBase}`,
    );

    // Sign in the measured users the way the web app does.
    const signIn = async (username: string) => {
      const client = new BenchClient(appBase);
      const home = await client.request('GET', '/', { headers: { accept: 'text/html' } });
      check(home.status === 200 && client.cookies.has('csrftoken'), `GET / gave no csrftoken cookie (HTTP ${home.status})`);
      const login = resourceOk(await client.resource('UserSessionResource', 'create', { username_or_email: username, password: BENCH_PASSWORD }), 'login');
      check((login.data as { username?: string }).username === username, `login answered ${JSON.stringify(login.data)}`);
      check(client.cookies.has('pb_session'), 'login set no pb_session cookie');
      const me = resourceOk(await client.resource('UserSessionResource', 'get'), 'session check');
      check((me.data as { isAuth?: boolean }).isAuth === true, 'the session cookie does not sign in');
      return client;
    };
    const viewer = await signIn(VIEWER_USERNAME);
    const recsViewer = await signIn(RECS_USERNAME);

    let bookmarkSource: 'walked' | 'crafted' = 'walked';
    const all = await buildScenarios({
      kind,
      appBase,
      mediaDir: env.mediaDir,
      webBuild: env.webBuild,
      seed,
      target,
      viewer,
      recsViewer,
      uploadJpeg: env.uploadJpeg,
      craftedBookmark,
      onBookmark: (src) => (bookmarkSource = src),
      opts: OPTS,
      log,
    });
    // BENCH_ONLY keeps the scenarios named, plus those a kept one needs prepared first (move needs save).
    const wanted = new Set(OPTS.only.includes('move') ? [...OPTS.only, 'save'] : OPTS.only);
    const kept = wanted.size ? all.filter((s) => wanted.has(s.key)) : all;
    // BENCH_REPEAT runs the list that many times over, one after the other: the spread of a figure on one data set.
    const scenarios = Array.from({ length: OPTS.repeat }, () => kept).flat();

    const results: ScenarioResult[] = [];
    const explain: ExplainResult[] = [];
    for (const s of scenarios) {
      log(`  ${s.label}`);
      await s.prepare?.();
      await server.call({ type: 'record-sql', on: true }, 'sql-recorded');
      const first: Reply = s.sequence ? await s.sequence.send(0) : await sendRaw(s.url, s.method, s.headers, s.body);
      const { calls: sqlOfChecked } = await server.call({ type: 'record-sql', on: false }, 'sql-recorded');
      await s.check(first);
      await s.sequence?.verify(0, first);

      const spec = { url: s.url, method: s.method, headers: s.headers, body: s.body, connections: s.connections };
      const sequence = s.sequence ? sequenceRunner(s.sequence) : null;
      const warm = sequence ? await sequence.run(OPTS.warmupSec) : await runLoad({ ...spec, durationSec: OPTS.warmupSec });
      await settle(server, warm);
      const profilePath = OPTS.cpuProfile.includes(s.key) ? join(PROFILES_DIR, `${date}-${kind}-${pins}-${s.key}.cpuprofile`) : undefined;
      if (profilePath) mkdirSync(PROFILES_DIR, { recursive: true });
      const loadAverage1m = +(os.loadavg()[0] ?? 0).toFixed(2);
      await server.call({ type: 'phase-start', name: s.key, profilePath }, 'phase-started');
      const pgMem = pg.sampleMemory();
      const cpu0 = { machine: machineBusyMs(), pg: pg.cpuMs(), server: processCpuMs(server.pid), self: process.cpuUsage(), t: performance.now() };
      const load = sequence ? await sequence.run(OPTS.durationSec) : await runLoad({ ...spec, durationSec: OPTS.durationSec });
      const wallMs = performance.now() - cpu0.t;
      const self = process.cpuUsage(cpu0.self);
      const machineCpuMs = machineBusyMs() - cpu0.machine;
      const pgCpuMs = cpuDelta(cpu0.pg, pg.cpuMs());
      const serverCpuMs = processCpuMs(server.pid) - cpu0.server;
      const pgPeak = pgMem.stop();
      const { stats } = await server.call({ type: 'phase-end' }, 'phase-stats');
      await settle(server, load);
      const cores = (ms: number) => +(ms / wallMs).toFixed(2);
      const generatorMs = (self.user + self.system) / 1000;
      const cpu = {
        machineCores: cores(machineCpuMs),
        serverCores: cores(serverCpuMs),
        generatorCores: cores(generatorMs),
        postgresCores: cores(pgCpuMs),
        otherCores: cores(Math.max(0, machineCpuMs - serverCpuMs - generatorMs - pgCpuMs)),
      };
      await s.after?.(warm.ok2xx + load.ok2xx, Math.max(2000, settleMs(load)));
      if (sequence)
        await sequence.checkNext(s.check); // still answering correctly after the load
      else await s.check(await sendRaw(s.url, s.method, s.headers, s.body));

      const problems: string[] = [];
      if (load.non2xx || warm.non2xx) problems.push(`non-2xx: ${JSON.stringify(load.statusCodes)} (warm-up ${warm.non2xx})`);
      if (load.errors || load.timeouts) problems.push(`${load.errors} errors, ${load.timeouts} timeouts`);
      if (load.ok2xx === 0) problems.push('no 2xx responses');

      let floorResult: ScenarioResult['floor'] = null;
      if (s.group === 'read' && !sequence) {
        const fl = await measureFloor(floor, floorBase, s, first as RawReply);
        if (fl.non2xx || fl.errors || fl.timeouts) problems.push(`floor: ${fl.non2xx} non-2xx, ${fl.errors} errors, ${fl.timeouts} timeouts`);
        floorResult = { load: fl, ratio: +(load.reqPerSec / fl.reqPerSec).toFixed(4) };
      }
      const profile = stats.profilePath ? summariseProfile(stats.profilePath) : null;
      // Plans of this scenario's SELECTs now, before later scenarios change the data (saves share the read Pin's image…).
      const { results: plans } = await server.call({ type: 'explain' }, 'explained');
      explain.push(...plans.map((e) => ({ ...e, scenario: s.key })));
      const perRequest = (cores: number) => +((cores * 1000) / Math.max(0.001, load.reqPerSec)).toFixed(2);

      const r: ScenarioResult = {
        key: s.key,
        label: s.label,
        group: s.group,
        method: s.method,
        path: new URL(s.url).pathname + new URL(s.url).search,
        note: s.note,
        connections: s.connections,
        responseBytes: 'body' in first ? (first as RawReply).body.length : Buffer.byteLength(first.text),
        load,
        warmup: { durationSec: warm.durationSec, requests: warm.totalRequests, ok2xx: warm.ok2xx, non2xx: warm.non2xx },
        server: stats,
        queriesPerRequest: +(stats.dbCalls / Math.max(1, load.totalRequests)).toFixed(2),
        queriesOfCheckedRequest: sqlOfChecked,
        ...(s.cacheHitRate && sqlOfChecked > 0
          ? { cacheHitRate: +Math.max(0, 1 - stats.dbCalls / Math.max(1, load.totalRequests) / sqlOfChecked).toFixed(4) }
          : {}),
        postgres: pgPeak,
        cpu,
        cpuMsPerRequest: { server: perRequest(cpu.serverCores), postgres: perRequest(cpu.postgresCores) },
        loadAverage1m,
        floor: floorResult,
        profile,
        problems,
      };
      results.push(r);
      log(
        `    ${fmtNum(load.reqPerSec)} req/s` +
          (floorResult ? ` (floor ${fmtNum(floorResult.load.reqPerSec)}, ratio ${floorResult.ratio.toFixed(3)})` : '') +
          `, p50 ${fmtMs(load.p50Ms)} ms, p95 ${fmtMs(load.p95Ms)} ms, p99 ${fmtMs(load.p99Ms)} ms, ` +
          `ELD p99 ${stats.eldP99Ms} ms, RSS ${stats.rssPeakMb} MB${pgPeak ? `, PostgreSQL PSS ${pgPeak.pssPeakMb} MB` : ''}, ` +
          `queries/request ${r.queriesPerRequest}${r.cacheHitRate !== undefined ? ` (answered from memory: ${(r.cacheHitRate * 100).toFixed(1)} %)` : ''}, CPU cores busy: server ${cpu.serverCores}, postgres ${cpu.postgresCores}, generator ${cpu.generatorCores}, other ${cpu.otherCores}; load avg ${loadAverage1m}` +
          (problems.length ? `  !! ${problems.join('; ')}` : ''),
      );
      if (profile) {
        log(
          `    CPU profile ${stats.profilePath} (the server process was on a core for ${Math.round(serverCpuMs)} ms of the phase; samples count wall time, so a thread waiting for a core shows in the call it was in)`,
        );
        log(formatProfile(profile, '      '));
      }
    }

    await server.stop();
    server = null;
    await floor.stop();
    floor = null;

    const run: DbRun = {
      kind,
      pins,
      date,
      startedAt: startedAt.toISOString(),
      machine,
      postgresVersion: ver?.v ?? 'unknown',
      options: OPTS,
      webBuild: env.webBuild,
      seed: { counts: seed.counts, timings: { ...seed.timings, openAndMigrateMs, imagesMs: env.imagesMs }, databaseMb: size?.mb ?? 0 },
      serverStartMs: ready.startMs,
      bookmarkSource,
      scenarios: results,
      targets: [],
      explain,
      ok: results.every((r) => r.problems.length === 0),
    };
    run.targets = targetsOf(run);
    return run;
  } finally {
    server?.kill();
    floor?.kill();
    await db.close().catch(() => {});
    await drop().catch((e: unknown) => console.error(`could not drop the bench database: ${String(e)}`));
  }
}

// ---- output --------------------------------------------------------------------------------

const fmtNum = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
const fmtMs = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** `npm run build -w apps/web` into a temporary folder; null when it fails (the app then uses its fallback template). */
function buildWeb(outDir: string): { ms: number; ok: boolean; why?: string } {
  const t = performance.now();
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', outDir, '--emptyOutDir'], { cwd: ROOT, encoding: 'utf8' });
  const ms = Math.round(performance.now() - t);
  if (r.status === 0 && existsSync(join(outDir, 'index.html'))) return { ms, ok: true };
  return { ms, ok: false, why: (r.stderr || r.stdout || String(r.error ?? '')).trim().split('\n').slice(-5).join('\n') };
}

async function main() {
  const started = performance.now();
  const root = mkdtempSync(join(os.tmpdir(), 'pinboard-bench-'));
  // Run as root, the embedded PostgreSQL runs as the postgres user, which must be able to pass through.
  chmodSync(root, 0o711);
  const mediaDir = join(root, 'media');
  const m = machineInfo();
  log(`Pinboard bench — ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}; load average ${m.loadAverage.join(' ')}`);
  log(
    `databases: ${KINDS.join(', ')}; sizes: ${OPTS.sizes.map((n) => n.toLocaleString('en-US')).join(', ')} Pins; ` +
      `${OPTS.connections} connections (home feed also ${OPTS.homeConnections}, latency goals ${OPTS.latencyConnections}, uploads ${OPTS.uploadConnections}), ${OPTS.durationSec} s per scenario (+${OPTS.warmupSec} s warm-up); temp ${root}`,
  );
  const runs: DbRun[] = [];
  let failed = false;
  try {
    let webDistDir = join(root, 'web');
    let webBuild = false;
    if (OPTS.webBuild) {
      const b = buildWeb(webDistDir);
      webBuild = b.ok;
      log(b.ok ? `built the web app in ${secs(b.ms)}` : `the web build failed (${secs(b.ms)}); the app serves its fallback template:\n${b.why}`);
    }
    if (!webBuild) webDistDir = join(root, 'no-web-build');

    const t = performance.now();
    const made = await makeBenchImages(new DiskMediaStore(mediaDir), OPTS.images + 1);
    const images = made.slice(0, OPTS.images);
    const ownImage = made[OPTS.images]!;
    const imagesMs = Math.round(performance.now() - t);
    log(`made ${made.length} real images (sharp pipeline, 6 variants each) in ${secs(imagesMs)}`);
    const uploadJpeg = await makeTestImage({ ...OPTS.upload, format: 'jpeg' });
    check(uploadJpeg.length > 300_000, `upload JPEG is ${uploadJpeg.length} bytes, expected a photo-like file of several hundred KB`);

    mkdirSync(RESULTS_DIR, { recursive: true });
    for (const kind of KINDS) {
      const ofKind: DbRun[] = [];
      for (const pins of OPTS.sizes) {
        const run = await runOne(kind, pins, root, { mediaDir, images, ownImage, imagesMs, uploadJpeg, webDistDir, webBuild });
        // The larger size against the smallest of this database: per read scenario, p50 grows at most 1.5×.
        if (ofKind.length) run.targets.push(...scalingTargets(ofKind[0]!, run));
        ofKind.push(run);
        runs.push(run);
        const file = join(RESULTS_DIR, `${run.date}-${kind}-${pins}${OPTS.analyze ? '' : '-no-analyze'}${OPTS.only.length ? '-partial' : ''}.json`);
        writeFileSync(file, JSON.stringify(run, null, 2) + '\n');
        log(`\n${table(run)}\n`);
        log(formatTargets(run.targets));
        log('\n  where the database time went, per scenario (top SQL by total time in the phase):');
        for (const s of run.scenarios) {
          const top = s.server.topSql[0];
          if (top) log(`    ${s.label}: ${top.calls} × ${top.meanMs} ms  ${top.sql.slice(0, 110)}${top.sql.length > 110 ? '…' : ''}`);
        }
        if (process.env.BENCH_EXPLAIN) for (const e of run.explain) log(`\n  EXPLAIN ANALYZE ${e.sql}\n  params ${JSON.stringify(e.params)}\n${e.plan}`);
        log(`  results: ${file}`);
        if (!run.ok) failed = true;
      }
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
    for (const r of runs) log(`\n${table(r)}\n${formatTargets(r.targets)}`);
  }
  log(
    `\nbench took ${secs(performance.now() - started)}; load average now ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  if (failed) {
    console.error('\nThe bench did not pass cleanly (see above).');
    process.exit(1);
  }
}

await main();

/**
 * Waits until the start's housekeeping run has been queued and has finished (none waiting or running); answers how
 * long that took. A queue that never shows one within 30 s is not waited for.
 */
async function housekeepingSettled(target: DbTarget): Promise<number> {
  const started = performance.now();
  const db = openPostgres(target.url, { max: 1, ...(target.kind === 'external' ? { schema: target.schema } : {}) });
  const schema = await queueSchemaOf(db);
  try {
    return await waitForHousekeeping(db, schema, started);
  } finally {
    await db.close();
  }
}

async function waitForHousekeeping(db: Db, schema: string, started: number): Promise<number> {
  for (;;) {
    const [row] = await db.query<{ runs: number; open: number }>(
      `SELECT count(*)::int AS runs, (count(*) FILTER (WHERE state IN ('created', 'retry', 'active')))::int AS open
       FROM ${schema}.job WHERE name = 'housekeeping'`,
    );
    const waited = performance.now() - started;
    if ((row && row.runs > 0 && row.open === 0) || (row?.runs === 0 && waited > 30_000)) return waited;
    await new Promise((r) => setTimeout(r, 250));
  }
}
