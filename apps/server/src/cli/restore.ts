/**
 * `npm run restore -- <file>`: loads a backup made by `npm run backup` (decision 102) into an empty database:
 * the one DATABASE_URL names, or else the embedded one of a new DATA_DIR (no server may run on it). A database
 * that holds tables already is refused. The schema is brought to the backup's version; the app's next start
 * applies the migrations that came after it. Media are not in it: README "Back up and restore".
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { restoreBackup, RestoreRefused } from '../db/backup';
import { openPostgres, type Db } from '../db/client';
import { StartupError } from '../db/embedded/startup-error';
import { openDatabase } from '../db/open';
import { createJobQueue } from '../jobs';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run restore -- <file>   (loads a backup into an empty database, or a new DATA_DIR)');
  process.exit(2);
}
const source = resolve(file);
if (!existsSync(source)) {
  console.error(`There is no file ${source}.`);
  process.exit(2);
}
const config = loadConfig();
try {
  // The embedded database: openDatabase refuses while a server runs on DATA_DIR, and holds DATA_DIR meanwhile.
  const db: Db = config.databaseUrl
    ? openPostgres(config.databaseUrl, { max: 2, prepare: config.databasePreparedStatements })
    : await openDatabase(config, { migrate: false });
  try {
    const started = Date.now();
    const quiet = { info: () => {}, error: (_o: object, m: string) => console.error(m) };
    const done = await restoreBackup(db, source, {
      prepareQueues: (target) => createJobQueue({ db: target, config, log: quiet }).prepare(),
      log: (m) => console.log(m),
    });
    console.log(
      `Restored ${done.rows} rows of ${done.tables} tables into ${config.databaseUrl ? 'the database DATABASE_URL names' : `DATA_DIR ${config.dataDir}`} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(err instanceof StartupError || err instanceof RestoreRefused ? err.message : `The restore failed: ${(err as Error).message}`);
  process.exit(1);
}
