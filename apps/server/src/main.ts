/**
 * Starts the server: reads the configuration, answers probes at once (503:
 * starting), opens and migrates the database, leases this process's worker
 * id, seeds demo content on first start, listens, and on SIGINT/SIGTERM
 * drains and shuts down in the order of its close steps (decision 054).
 */
import { createServer, type Server } from 'node:http';
import { buildApp } from './app';
import { loadConfig } from './config';
import { StartupError } from './db/embedded/startup-error';
import { openDatabase } from './db/open';
import type { Db } from './db/client';
import { CloseSteps } from './lib/close-steps';
import { envelopeKindOf, failureBody } from './lib/envelope';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id';
import { trustsPeer } from './plugins/trust-proxy';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { findVideoTools } from './media-pipeline/ffmpeg';
import { describeMediaStore, openMediaStore } from './media-pipeline/open-media-store';
import { createReadiness } from './modules/health/readiness';
import { createRedisMessageBus } from './modules/messages/messages.redis-bus';
import { createServerPresence } from './modules/servers';
import { createRateLimiter } from './rate-limit';
import { listenProblem } from './lib/port-check';
import { seedDemoIfEmpty } from './seed/demo';
import { serveMetrics } from './metrics/server';
import { publishedPasswordWarning } from './seed/demo-logins';
import { flushTraces, tracesLoaded } from './lib/traces';

const config = loadConfig();
const startLog = (message: string) => console.log(message);
// Traces need tracing.ts loaded before this module (decision 105).
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT && !tracesLoaded())
  console.warn(
    'OTEL_EXPORTER_OTLP_ENDPOINT is set, but no traces are sent: start the server with `node --import ./apps/server/dist/tracing.js` (npm start does).',
  );
/** Warnings go to the app's log once it exists, to stderr before. */
let warn = (message: string) => console.warn(message);
const readiness = createReadiness();

// Probes get an answer from the first moment: /readyz and /healthz 503 with the state `starting`, and every
// other request 503 with Retry-After, until the app takes over the port.
// A port that is taken is said at once, before the database is created and seeded (a minute on a first start).
const starting = await listenWhileStarting().catch((err: NodeJS.ErrnoException) => {
  console.error(listenProblem(config.port, config.host, err));
  process.exit(1);
});

let stopAsked: string | null = null;
let shutdown: ((signal: string) => Promise<void>) | null = null;
const onSignal = (signal: string) => {
  if (shutdown) void shutdown(signal);
  else if (!stopAsked) {
    // Still starting: it stops as soon as it has started, through the same steps.
    stopAsked = signal;
    readiness.drain();
  }
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

const db = await openDatabase(config, {
  log: startLog,
  onFatal: (err) => {
    console.error(`Pinboard stops: ${err.message}`);
    process.exit(1);
  },
}).catch(fail);

if (!config.redisUrl) startLog('No REDIS_URL: rate limits and live messages stay in this process (enough for one server; set REDIS_URL for several).');
const presence = createServerPresence({ db, hasRedis: !!config.redisUrl, workerId: config.workerId, warn: (m) => warn(m), info: (m) => startLog(m) });
await presence.start().catch(async (err: unknown) => fail(err, db));
readiness.setCluster(() => presence.status());

const media = openMediaStore(config);
startLog(`Media: ${describeMediaStore(config)}`);
const videoTools = findVideoTools();
if (!videoTools) console.error('No ffmpeg found (neither on PATH nor from the @ffmpeg-installer packages): video uploads will be refused.');
else startLog(`Videos: ${videoTools.source === 'system' ? 'system ffmpeg' : 'ffmpeg from npm'} (${videoTools.ffmpeg})`);
// While Redis cannot answer, limits are counted in this process (rate-limit/redis-rate-limiter.ts): one line each way.
const limiter = createRateLimiter(config.redisUrl, {
  onFallback: (down, err) =>
    down
      ? warn(
          `Redis at REDIS_URL does not answer (${(err as Error | undefined)?.message ?? 'no connection'}): rate limits are counted in this process until it is back.`,
        )
      : startLog('Redis answers again: rate limits are shared again.'),
});
// With several server processes, live messages go through Redis so that every process's streams get them.
const bus = config.redisUrl
  ? createRedisMessageBus(config.redisUrl, {
      onError: (err) => warn(`Redis at REDIS_URL (live messages): ${(err as Error).message}; messages reach this server's streams until it is back.`),
    })
  : undefined;
const { app, services, jobs, metrics } = await buildApp({ config, db, media, limiter, bus, readiness });
warn = (message) => app.log.warn(message);
// Prometheus metrics on their own port (decision 104); a port that is taken costs the metrics, not the server.
const metricsServer =
  metrics && config.metricsPort
    ? await serveMetrics(metrics, config.metricsPort, config.host).catch((err: NodeJS.ErrnoException) => {
        const why = err.code === 'EADDRINUSE' ? 'is taken' : `cannot be listened on: ${err.message}`;
        app.log.error(`No metrics: METRICS_PORT ${config.metricsPort} on ${config.host} ${why}. Set METRICS_PORT to another port, or to 0 for none.`);
        return null;
      })
    : null;

if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty({ db, media, enqueueTranscode: services.enqueueTranscode }, (msg) => app.log.info(msg));
  if (seeded) app.log.info(seeded);
}
// Housekeeping (deleted boards, expired links) is a scheduled job of the queue: once per period across all servers.

/**
 * The shutdown, in order. Each step has its own time limit; one that fails or runs late is logged and
 * the next runs (lib/close-steps.ts). A part that must let go of something at a given point adds its
 * step here, as the job queue does.
 */
const closeSteps = new CloseSteps()
  // /readyz already answers 503: the load balancer stops sending new requests while this server still serves.
  .add({ name: 'drain', run: () => new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs)), timeoutMs: config.shutdownDrainMs + 1000 })
  // Live streams are told to retry elsewhere, no new connection is taken, what was accepted finishes; then the
  // app's own onClose hooks: the job queue's workers stop (their jobs go back to the queue), views are written, Redis let go.
  .add({ name: 'http', run: () => app.close(), timeoutMs: 15_000 })
  .add({ name: 'metrics', run: async () => metricsServer?.close() })
  // The queue's jobs running here go back to the queue at once (app.close() has already asked; a second call is harmless).
  .add({ name: 'jobs', run: () => jobs.stop() })
  // The worker id and the heartbeat, given back for the next server.
  .add({ name: 'presence', run: () => presence.stop() })
  .add({ name: 'database', run: () => db.close() })
  // The spans still in the tracing SDK's batch (none without it).
  .add({ name: 'traces', run: flushTraces });

let closing = false;
shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  readiness.drain();
  app.log.info({ signal, drainMs: config.shutdownDrainMs, steps: closeSteps.names() }, 'shutting down');
  const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 30_000).unref();
  await closeSteps.run((message, err) => app.log.error({ err }, message));
  clearTimeout(force);
  process.exit(0);
};

await closeStartingServer(starting);
try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  console.error(listenProblem(config.port, config.host, err as NodeJS.ErrnoException));
  await presence.stop();
  await db.close();
  process.exit(1);
}
app.log.info(
  `Pinboard is running at ${config.publicUrl} (database: ${db.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL at DATABASE_URL'}; worker id ${presence.workerId})`,
);
// Demo accounts with the README's password on a site others can reach: one loud line (checked after listening, it waits on Argon2).
void publishedPasswordWarning(db, config.publicUrl).then(
  (warning) => warning && app.log.warn(warning),
  (err: unknown) => app.log.error({ err }, 'checking the demo accounts failed'),
);
if (stopAsked) void shutdown(stopAsked);
else readiness.ready();

/** A start-up problem a person can fix is one line on stderr and exit status 1. */
async function fail(err: unknown, open?: Db): Promise<never> {
  if (open) await open.close().catch(() => {});
  if (err instanceof StartupError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

function listenWhileStarting(): Promise<Server> {
  const peerTrusted = trustsPeer(config.trustProxy);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const requestId = requestIdOf(req, peerTrusted);
    const body = (status: number, json: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        [REQUEST_ID_HEADER]: requestId,
        ...(status === 503 ? { 'retry-after': '1' } : {}),
      });
      res.end(JSON.stringify(json));
    };
    const message = readiness.state === 'draining' ? 'The server is shutting down.' : 'The server is starting.';
    // /healthz too is 503 until the app answers: scripts and probes that wait for it to serve keep working
    // (an orchestrator's liveness probe gives a start-up its own allowance: a startup probe or a delay).
    const internal = { httpStatus: 503, code: ERROR_CODES.INTERNAL.code, message, requestId };
    if (path === '/healthz') body(503, { ...failureBody('spec', internal), data: { status: 'starting' } });
    else if (path === '/readyz') body(503, { ...failureBody('spec', internal), data: { state: readiness.state } });
    else body(503, failureBody(envelopeKindOf(req.url ?? '/'), { ...internal, code: ERROR_CODES.BUSY.code }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve(server));
  });
}

function closeStartingServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
