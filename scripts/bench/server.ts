/**
 * The server under test, in its own process (forked by bench.ts, which is the
 * load generator): the real app from buildApp() on the seeded database,
 * serving a real web build. Measures its own event-loop delay, memory and CPU
 * per load phase when told to over IPC, and records a V8 CPU profile of a
 * phase when asked (the same profiler `node --cpu-prof` uses, started and
 * stopped around the phase through node:inspector).
 *
 * The Db handed to the app is a pass-through that counts calls and time per
 * SQL text (two performance.now() calls per query) and, only while the bench
 * verifies a scenario, remembers one example of each SELECT so that it can be
 * EXPLAIN ANALYZEd afterwards with the exact SQL and parameters the app used.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openPostgres, type Db } from '../../apps/server/src/db/client';
import { poolSizeFor } from '../../apps/server/src/db/open';
import { DiskMediaStore } from '../../apps/server/src/media-pipeline/disk-media-store';
import { MemoryRateLimiter } from '../../apps/server/src/rate-limit';
import type { ExplainResult, FromServer, PhaseStats, ServerEnv, SqlShare, ToServer } from './protocol';

const send = (msg: FromServer) => process.send?.(msg);

const env = JSON.parse(process.env.BENCH_SERVER_ENV ?? 'null') as ServerEnv | null;
if (!env || !process.send) {
  console.error('scripts/bench/server.ts is started by scripts/bench/bench.ts (npm run bench), not directly.');
  process.exit(2);
}

// ---- instrumented database -------------------------------------------------
let phaseActive = false;
let recording = false;
let recordedCalls = 0;
let dbCalls = 0;
let dbMs = 0;
let dbInFlight = 0;
/** Per SQL text over all phases (for the EXPLAIN list), and over the current phase. */
const perSql = new Map<string, { calls: number; ms: number }>();
let phaseSql = new Map<string, { calls: number; ms: number }>();
const examples = new Map<string, unknown[]>();
const explained = new Set<string>();

function add(map: Map<string, { calls: number; ms: number }>, sql: string, ms: number) {
  const s = map.get(sql);
  if (s) {
    s.calls++;
    s.ms += ms;
  } else map.set(sql, { calls: 1, ms });
}

function account(sql: string, ms: number) {
  dbCalls++;
  dbMs += ms;
  add(perSql, sql, ms);
  add(phaseSql, sql, ms);
}

function instrument(inner: Db): Db {
  const wrapped: Db = {
    kind: inner.kind,
    async query<T>(sql: string, params?: unknown[]): Promise<T[]> {
      if (recording) {
        recordedCalls++;
        if (!examples.has(sql) && /^\s*(SELECT|WITH)\b/i.test(sql)) examples.set(sql, params ?? []);
      }
      const t = performance.now();
      dbInFlight++;
      try {
        return await inner.query<T>(sql, params);
      } finally {
        dbInFlight--;
        if (phaseActive) account(sql, performance.now() - t);
      }
    },
    script: (sql) => inner.script(sql),
    async one<T>(sql: string, params?: unknown[]): Promise<T | null> {
      const rows = await wrapped.query<T>(sql, params);
      return rows[0] ?? null;
    },
    tx: (fn) => inner.tx((t) => fn(instrument(t))),
    connection: (fn) => inner.connection((c) => fn(instrument(c))),
    listen: (channel, handler) => inner.listen(channel, handler),
    close: () => inner.close(),
  };
  return wrapped;
}

const startedAt = performance.now();
// The server's pool, as `npm start` sizes it (DATABASE_POOL_SIZE, else db/open.ts poolSizeFor).
const poolSize = poolSizeFor(env.target.kind, loadConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).databasePoolSize);
const rawDb: Db =
  env.target.kind === 'embedded'
    ? openPostgres(env.target.url, { kind: 'embedded', max: poolSize })
    : openPostgres(env.target.url, { schema: env.target.schema, max: poolSize });
const db = instrument(rawDb);

const config = loadConfig({
  // The level `npm start` runs at unless LOG_LEVEL says otherwise; bench.ts sends the output to a file.
  LOG_LEVEL: process.env.LOG_LEVEL || 'info',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: env.tmpDir,
  WEB_DIST_DIR: env.webDistDir,
  SEED_DEMO: 'false',
  // Metrics are counted as a server counts them (nothing serves them here); METRICS_PORT=0 measures without (decision 104).
  METRICS_PORT: process.env.METRICS_PORT || '9464',
  // Generous limits: the bench logs in once, but must never be throttled.
  LOGIN_RATE_LIMIT_ACCOUNT: '1000000',
  LOGIN_RATE_LIMIT_CLIENT: '1000000',
  SIGNUP_RATE_LIMIT_CLIENT: '1000000',
  // One viewer makes every upload of the load (decision 025's per-person limit is for people).
  RATE_LIMIT_PIN_UPLOAD: '1000000',
});
const { app } = await buildApp({ config, db, media: new DiskMediaStore(env.mediaDir), limiter: new MemoryRateLimiter() });
await app.listen({ host: '127.0.0.1', port: 0 });
const appPort = (app.server.address() as AddressInfo).port;

// ---- per-phase measurements ------------------------------------------------
// The histogram records the time between two firings of a 10 ms libuv timer, so an idle loop shows
// ~10 ms: the figures reported are that minus the 10 ms, i.e. how late the timer came.
const ELD_RESOLUTION_MS = 10;
const eld = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
let sampler: NodeJS.Timeout | null = null;
let rssPeak = 0;
let heapPeak = 0;
let cpuStart = process.cpuUsage();
let wallStart = performance.now();
let profiling: { session: Session; path: string } | null = null;

function sample() {
  const m = process.memoryUsage();
  rssPeak = Math.max(rssPeak, m.rss);
  heapPeak = Math.max(heapPeak, m.heapUsed);
}

async function startPhase(profilePath: string | undefined) {
  if (profilePath) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    profiling = { session, path: profilePath };
  }
  phaseSql = new Map();
  eld.reset();
  eld.enable();
  rssPeak = 0;
  heapPeak = 0;
  dbCalls = 0;
  dbMs = 0;
  sample();
  sampler = setInterval(sample, 50);
  cpuStart = process.cpuUsage();
  wallStart = performance.now();
  phaseActive = true;
}

async function endPhase(): Promise<PhaseStats> {
  phaseActive = false;
  const cpu = process.cpuUsage(cpuStart);
  const wallMs = performance.now() - wallStart;
  eld.disable();
  if (sampler) clearInterval(sampler);
  sample();
  let profilePath: string | null = null;
  if (profiling) {
    const { profile } = await profiling.session.post('Profiler.stop');
    profiling.session.disconnect();
    writeFileSync(profiling.path, JSON.stringify(profile));
    profilePath = profiling.path;
    profiling = null;
  }
  const topSql: SqlShare[] = [...phaseSql]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 5)
    .map(([sql, v]) => ({ sql: sql.replace(/\s+/g, ' ').trim(), calls: v.calls, meanMs: +(v.ms / v.calls).toFixed(3), totalMs: Math.round(v.ms) }));
  const mb = (b: number) => +(b / 1048576).toFixed(1);
  const late = (ns: number) => +Math.max(0, ns / 1e6 - ELD_RESOLUTION_MS).toFixed(2);
  return {
    eldP50Ms: late(eld.percentile(50)),
    eldP99Ms: late(eld.percentile(99)),
    eldMaxMs: late(eld.max),
    rssPeakMb: mb(rssPeak),
    heapPeakMb: mb(heapPeak),
    maxRssMb: +(process.resourceUsage().maxRSS / 1024).toFixed(1),
    cpuCores: +((cpu.user + cpu.system) / 1000 / wallMs).toFixed(2),
    dbCalls,
    dbMs: Math.round(dbMs),
    topSql,
    profilePath,
  };
}

/**
 * EXPLAIN ANALYZE of the SELECTs recorded since the last call: the bench asks right after each
 * scenario, so that each plan is of the data as that scenario saw it (later scenarios write).
 */
async function explainNew(): Promise<ExplainResult[]> {
  const out: ExplainResult[] = [];
  for (const [sql, params] of examples) {
    if (explained.has(sql)) continue;
    explained.add(sql);
    if (/^\s*SELECT 1\s*$/i.test(sql)) continue;
    let plan = '';
    for (let i = 0; i < 2; i++) {
      // The second run is the one reported: caches warm, as under load.
      const rows = await rawDb.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      plan = rows.map((r) => r['QUERY PLAN'] ?? Object.values(r)[0]).join('\n');
    }
    const s = perSql.get(sql);
    out.push({
      sql: sql.replace(/\s+/g, ' ').trim(),
      params,
      plan,
      meanMsUnderLoad: s ? +(s.ms / s.calls).toFixed(3) : null,
      callsUnderLoad: s?.calls ?? 0,
    });
  }
  return out;
}

function waitIdle(quietMs: number): Promise<number> {
  const started = performance.now();
  let quietSince = dbInFlight === 0 ? started : 0;
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      if (dbInFlight > 0) quietSince = 0;
      else if (!quietSince) quietSince = now;
      if (quietSince && now - quietSince >= quietMs) {
        clearInterval(timer);
        resolve(Math.round(now - started));
      }
    }, 20);
  });
}

async function shutdown(code: number) {
  await app.close().catch(() => {});
  await db.close().catch(() => {});
  process.exit(code);
}

process.on('message', (msg: ToServer) => {
  void (async () => {
    try {
      switch (msg.type) {
        case 'phase-start':
          await startPhase(msg.profilePath);
          send({ type: 'phase-started' });
          break;
        case 'phase-end':
          send({ type: 'phase-stats', stats: await endPhase() });
          break;
        case 'record-sql':
          if (msg.on) recordedCalls = 0;
          recording = msg.on;
          send({ type: 'sql-recorded', calls: recordedCalls });
          break;
        case 'wait-idle':
          send({ type: 'idle', waitedMs: await waitIdle(msg.quietMs) });
          break;
        case 'explain':
          send({ type: 'explained', results: await explainNew() });
          break;
        case 'shutdown':
          await shutdown(0);
      }
    } catch (err) {
      send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  })();
});
process.on('disconnect', () => void shutdown(1));

send({ type: 'ready', appPort, dbKind: db.kind, startMs: Math.round(performance.now() - startedAt) });
