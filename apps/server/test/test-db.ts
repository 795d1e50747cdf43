/**
 * A real migrated database for one test file: a copy of the migrated
 * template on the embedded PostgreSQL of this test run, or a fresh schema on
 * the external PostgreSQL at TEST_DATABASE_URL when TEST_DB=external.
 */
import { randomBytes } from 'node:crypto';
import { openPostgres, type Db } from '../src/db/client';
import { migrate } from '../src/db/migrate';

export const testDbKind = (): 'embedded' | 'external' => (process.env.TEST_DB === 'external' ? 'external' : 'embedded');

export async function openTestDb(): Promise<Db> {
  return testDbKind() === 'external' ? openExternalSchema() : openEmbeddedCopy();
}

async function openEmbeddedCopy(): Promise<Db> {
  const adminUrl = process.env.PINBOARD_TEST_PG_URL;
  const template = process.env.PINBOARD_TEST_TEMPLATE;
  if (!adminUrl || !template) throw new Error('The embedded test database is not running: run the server tests through vitest (its global setup starts it).');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(adminUrl, { max: 1 });
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), {
    kind: 'embedded',
    max: 5,
    onClose: async () => {
      const cleanup = openPostgres(adminUrl, { max: 1 });
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.close();
    },
  });
}

async function openExternalSchema(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=external needs TEST_DATABASE_URL');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(url, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const db = openPostgres(url, {
    schema,
    max: 5,
    onClose: async () => {
      const cleanup = openPostgres(url, { max: 1 });
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      // The job queue's schema beside it (decision 053).
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
      await cleanup.close();
    },
  });
  await migrate(db);
  return db;
}
