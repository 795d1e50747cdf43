/**
 * `npm run backup -- <file>`: writes a backup of the database to `file` (decision 102), consistent while the app
 * runs: one snapshot of every table. With DATABASE_URL, of that database; else of the embedded database in
 * DATA_DIR, reached through the running server's PostgreSQL, or started here when no server runs. Media are not
 * in it: README "Back up and restore" says how to copy them.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { writeBackup } from '../db/backup';
import { openPostgres, type Db } from '../db/client';
import { StartupError } from '../db/embedded/startup-error';
import { openDatabase, openRunningEmbedded } from '../db/open';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run backup -- <file>   (writes a backup of the database to that file)');
  process.exit(2);
}
const config = loadConfig();
const target = resolve(file);
try {
  const db = await open();
  try {
    const [schema] = await db.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t");
    if (!schema?.t) throw new StartupError('The database holds no Pinboard data yet: there is nothing to back up.');
    const started = Date.now();
    const done = await writeBackup(db, target);
    console.log(
      `Backed up ${done.rows} rows of ${done.tables} tables to ${target} (${(done.bytes / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(err instanceof StartupError ? err.message : `The backup failed: ${(err as Error).message}`);
  process.exit(1);
}

async function open(): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { max: 2, prepare: config.databasePreparedStatements });
  const running = await openRunningEmbedded(config.dataDir);
  if (running) return running;
  if (!existsSync(join(config.dataDir, 'postgres'))) throw new StartupError(`There is no database in DATA_DIR ${config.dataDir}: nothing to back up.`);
  // No server runs on DATA_DIR: start its PostgreSQL for the backup (and hold DATA_DIR meanwhile).
  return openDatabase(config, { migrate: false });
}
