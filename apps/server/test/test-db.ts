/**
 * A real migrated database for one test file: a copy of the migrated
 * template on the embedded PostgreSQL of this test run, or on the external
 * PostgreSQL at TEST_DATABASE_URL when TEST_DB=external (each global setup
 * migrates its template once).
 */
import { randomBytes } from 'node:crypto';
import { openPostgres, type Db } from '../src/db/client';

export const testDbKind = (): 'embedded' | 'external' => (process.env.TEST_DB === 'external' ? 'external' : 'embedded');

export async function openTestDb(): Promise<Db> {
  return testDbKind() === 'external' ? openExternalCopy() : openEmbeddedCopy();
}

async function openEmbeddedCopy(): Promise<Db> {
  const adminUrl = process.env.PINBOARD_TEST_PG_URL;
  const template = process.env.PINBOARD_TEST_TEMPLATE;
  if (!adminUrl || !template) throw new Error('The embedded test database is not running: run the server tests through vitest (its global setup starts it).');
  return openTemplateCopy(adminUrl, template, 't_', 'embedded');
}

async function openExternalCopy(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  const template = process.env.PINBOARD_TEST_EXTERNAL_TEMPLATE;
  const prefix = process.env.PINBOARD_TEST_EXTERNAL_PREFIX;
  if (!url || !template || !prefix)
    throw new Error('TEST_DB=external needs TEST_DATABASE_URL and the external global setup (run the server tests through vitest).');
  return openTemplateCopy(url, template, prefix, 'external');
}

/** A new database copied from the migrated `template`, dropped (with any connection still open to it) when closed. */
async function openTemplateCopy(adminUrl: string, template: string, prefix: string, kind: 'embedded' | 'external'): Promise<Db> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(adminUrl, { max: 1 });
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
  await admin.close();
  return openPostgres(urlOf(adminUrl, name), {
    kind,
    max: 5,
    onClose: async () => {
      const cleanup = openPostgres(adminUrl, { max: 1 });
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.close();
    },
  });
}

/** `url` with its database changed to `name`. */
export function urlOf(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
