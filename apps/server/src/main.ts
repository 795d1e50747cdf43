/**
 * Starts the server: reads the configuration, opens and migrates the
 * database, seeds demo content on first start, listens, and shuts down
 * gracefully on SIGINT/SIGTERM.
 */
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { StartupError } from './db/embedded/startup-error';
import { openDatabase } from './db/open';
import { runHourlyJobs } from './jobs/hourly';
import { findVideoTools } from './media/ffmpeg';
import { DiskMediaStore } from './media/disk-media-store';
import { createRedisMessageBus } from './modules/messages/messages.redis-bus';
import { createRateLimiter } from './rate-limit';
import { listenProblem, portFree } from './lib/port-check';
import { seedDemoIfEmpty } from './seed/demo';
import { publishedPasswordWarning } from './seed/demo-logins';

const config = loadConfig();
const startLog = (message: string) => console.log(message);

// A port that is taken is said at once, not after the database was created and seeded (a minute on a first start).
const portProblem = await portFree(config.port, config.host);
if (portProblem) {
  console.error(portProblem);
  process.exit(1);
}
const db = await openDatabase(config, {
  log: startLog,
  onFatal: (err) => {
    console.error(`Pinboard stops: ${err.message}`);
    process.exit(1);
  },
}).catch((err: unknown) => {
  // A start-up problem a person can fix gets one clear line, not a stack trace.
  if (err instanceof StartupError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
});
const media = new DiskMediaStore(join(config.dataDir, 'media'));
const videoTools = findVideoTools();
if (!videoTools) console.error('No ffmpeg found (neither on PATH nor from the @ffmpeg-installer packages): video uploads will be refused.');
else startLog(`Videos: ${videoTools.source === 'system' ? 'system ffmpeg' : 'ffmpeg from npm'} (${videoTools.ffmpeg})`);
const limiter = createRateLimiter(config.redisUrl);
// With several server processes, live messages go through Redis so that every process's streams get them.
const bus = config.redisUrl ? createRedisMessageBus(config.redisUrl, { onError: (err) => app.log.error({ err }, 'message bus') }) : undefined;
const { app, services } = await buildApp({ config, db, media, limiter, bus });

if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty({ db, media }, (msg) => app.log.info(msg));
  if (seeded) app.log.info(seeded);
}

// Housekeeping (deleted boards, expired links) at start and then hourly.
const hourly = () => runHourlyJobs({ services, db, media, log: app.log });
void hourly();
const purgeTimer = setInterval(() => void hourly(), 3600_000).unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  clearInterval(purgeTimer);
  await app.close();
  await db.close();
  clearTimeout(force);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  console.error(listenProblem(config.port, config.host, err as NodeJS.ErrnoException));
  await db.close();
  process.exit(1);
}
// Demo accounts with the README's password on a site others can reach: one loud line (checked after listening, it waits on Argon2).
void publishedPasswordWarning(db, config.publicUrl).then(
  (warning) => warning && app.log.warn(warning),
  (err: unknown) => app.log.error({ err }, 'checking the demo accounts failed'),
);
app.log.info(`Pinboard is running at ${config.publicUrl} (database: ${db.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL at DATABASE_URL'})`);
