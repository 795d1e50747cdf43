/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else
 * PGlite in DATA_DIR/pglite. PGlite is one connection in one process, so a
 * lock file keeps a second process from opening the same directory.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Db } from './client';
import { migrate } from './migrate';

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function takeLock(dir: string) {
  const lock = join(dir, 'pglite.lock');
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid && processAlive(pid)) {
      throw new Error(`Another server (pid ${pid}) is using ${dir}. Stop it first, or set DATA_DIR to another folder.`);
    }
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

export async function openDatabase(config: Config): Promise<Db> {
  if (config.databaseUrl) {
    const db = openPostgres(config.databaseUrl);
    await migrate(db);
    return db;
  }
  const dir = join(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const release = takeLock(config.dataDir);
  const db = await openPglite(dir);
  await migrate(db);
  // PGlite gathers no planner statistics by itself (its autovacuum never runs);
  // without them the feed queries plan badly (docs/performance.md).
  await db.query('ANALYZE');
  const close = db.close;
  return { ...db, close: async () => { await close(); release(); } };
}
