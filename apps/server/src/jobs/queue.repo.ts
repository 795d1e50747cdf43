/**
 * The queue's own SQL (decision 053): the name of pg-boss's schema beside
 * ours, creating and migrating it with our migrations, and the few reads and
 * one write pg-boss has no call for.
 */
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { Db, Queryable } from '../db/client';

/** The schema pg-boss keeps its tables in: `pgboss` beside `public`; `<schema>_pgboss` beside any other (a test's own schema). */
/** The version of pg-boss's schema that the installed pg-boss works with. */
const QUEUE_SCHEMA_VERSION = Number((createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema);

export async function queueSchemaOf(db: Queryable): Promise<string> {
  const [row] = await db.query<{ s: string }>('SELECT current_schema() AS s');
  const ours = row?.s ?? 'public';
  return ours === 'public' ? 'pgboss' : `${ours}_pgboss`;
}

/** Creates pg-boss's schema, or migrates it to the installed version; run by our migrator after our own files. */
export async function migrateQueueSchema(db: Db): Promise<'created' | 'migrated' | 'current'> {
  const schema = await queueSchemaOf(db);
  const [exists] = await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`${schema}.version`]);
  if (!exists?.t) {
    await db.script(PgBoss.getConstructionPlans(schema));
    return 'created';
  }
  const [row] = await db.query<{ version: string }>(`SELECT version FROM ${schema}.version`);
  const version = Number(row?.version ?? QUEUE_SCHEMA_VERSION);
  if (version >= QUEUE_SCHEMA_VERSION) return 'current';
  // One script from the stored version to the installed one, under pg-boss's own advisory lock.
  await db.script(PgBoss.getMigrationPlans(schema, version as unknown as string)); // typed as a string; pg-boss compares it as a number
  return 'migrated';
}

export interface StoredJob {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  /** A scheduled job's period (its throttling slot). */
  singleton_on: string | null;
  output: { message?: string } | null;
  data: unknown;
}

export const queueRepo = {
  /** A run that must not be retried: no retry is left, so the failure that follows is final. */
  async leaveNoRetry(db: Queryable, schema: string, name: string, id: string) {
    await db.query(`UPDATE ${schema}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2 AND state = 'active'`, [name, id]);
  },

  /** The jobs of one kind still in the job table (not yet archived), oldest first. */
  async jobsOf(db: Queryable, schema: string, name: string) {
    return db.query<StoredJob>(
      `SELECT id::text, state::text, retry_count, singleton_on::text, output, data FROM ${schema}.job WHERE name = $1 ORDER BY created_on, id`,
      [name],
    );
  },
};
