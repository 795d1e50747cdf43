/**
 * Applies the numbered SQL files in ./migrations once each, in order, each in
 * its own transaction, recording them in schema_migrations. The same files run
 * on the embedded PostgreSQL and on an external one.
 *
 * The whole run holds a PostgreSQL advisory lock (one per database and
 * schema), so any number of servers may start at once on one database: the
 * first migrates, the others wait for it and then find nothing left to do
 * (decision 054). Then it creates or migrates the job queue's schema (decision 053).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrateQueueSchema } from './queue-schema';
import type { Db } from './client';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The advisory lock's key: the same text on every server, scoped to the schema the migrations go to. */
const LOCK_KEY_SQL = `hashtextextended('pinboard:migrate:' || current_schema(), 0)`;

/** The migration files this version has, in the order they apply. */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** `only`: apply just these files (a restore brings the schema to its backup's version, no further). */
export async function migrate(db: Db, opts: { only?: ReadonlySet<string> } = {}): Promise<string[]> {
  // One connection for the whole run: it takes the session lock, runs every migration, and lets go.
  // Neither waiting for the lock nor a migration has the app's statement time limit: another server's
  // migration, or an index over a large table, may take long.
  return db.connection(async (conn) => {
    await conn.query('SET statement_timeout = 0');
    await conn.query(`SELECT pg_advisory_lock(${LOCK_KEY_SQL})`);
    try {
      return await migrateLocked(conn, opts.only);
    } finally {
      await conn.query(`SELECT pg_advisory_unlock(${LOCK_KEY_SQL})`);
      await conn.query('RESET statement_timeout');
    }
  });
}

async function migrateLocked(db: Db, only: ReadonlySet<string> | undefined): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    if (done.has(file) || (only && !only.has(file))) continue;
    const sql = readFileSync(MIGRATIONS_DIR + file, 'utf8');
    await db.tx(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    });
    applied.push(file);
  }
  // The job queue's own schema (pg-boss's, decision 053), made or brought to its installed version with ours.
  if ((await migrateQueueSchema(db)) !== 'current') applied.push('job queue schema');
  return applied;
}

/** A statement ends with a semicolon at the end of a line (both drivers take one statement per call). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;[ \t]*$/m)
    .map((s) => s.replace(/^[ \t]*--.*$/gm, '').trim())
    .filter(Boolean);
}
