/**
 * A server process for scripts/bench/log-cost.ts: the real app on a fresh schema of the PostgreSQL at
 * DATABASE_URL, logging as `npm start` does at LOG_LEVEL (standard output is the caller's file), or with
 * pino's synchronous destination when LOG_SYNC=1 (the destination before decision 062), for comparison.
 * It answers the caller's IPC messages with this process's CPU time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openPostgres } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { DiskMediaStore } from '../../apps/server/src/media-pipeline/disk-media-store';
import { MemoryRateLimiter } from '../../apps/server/src/rate-limit';
import { logSerializers } from '../../apps/server/src/plugins/log-redaction';

const url = process.env.DATABASE_URL!;
const schema = `logcost_${randomBytes(4).toString('hex')}`;
const admin = openPostgres(url, { max: 1 });
await admin.query(`CREATE SCHEMA ${schema}`);
await admin.close();
const db = openPostgres(url, { schema, max: 4 });
await migrate(db);
const dir = mkdtempSync(join(tmpdir(), 'pinboard-logcost-'));
const level = process.env.LOG_LEVEL || 'info';
const config = loadConfig({ LOG_LEVEL: level, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, SEED_DEMO: 'false', TRACKING_ID_SECRET: 'x'.repeat(32) });
const logger = process.env.LOG_SYNC === '1' ? { level, serializers: logSerializers, stream: pino.destination({ dest: 1, sync: true }) } : undefined;
const { app } = await buildApp({ config, db, media: new DiskMediaStore(dir), limiter: new MemoryRateLimiter() }, logger ? { logger } : {});
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as { port: number }).port;
process.on('message', (m: string) => {
  if (m === 'cpu') process.send?.(process.cpuUsage());
  if (m === 'stop')
    void app.close().then(async () => {
      const a = openPostgres(url, { max: 1 });
      await a.query(`DROP SCHEMA ${schema} CASCADE`);
      await a.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
      await a.close();
      process.exit(0);
    });
});
process.send?.({ port });
