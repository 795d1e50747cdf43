/**
 * pg-boss's schema beside ours (decision 053): its name, and creating or
 * migrating it, which our migrator runs after our own files. It lives with the
 * database layer so that db/ needs nothing from the job queue above it.
 */
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { Db, Queryable } from './client';

/** The version of pg-boss's schema that the installed pg-boss works with. */
const QUEUE_SCHEMA_VERSION = Number((createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema);

/** The schema pg-boss keeps its tables in: `pgboss` beside `public`; `<schema>_pgboss` beside any other (a test's own schema). */
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
