/**
 * Runs once before the server tests on the external PostgreSQL (TEST_DATABASE_URL): migrates a
 * template database of this run's own, so that each test file gets a database of its own as a
 * copy of it. A database of its own, not a schema: `content_changed` notices are per database,
 * so files sharing one would empty each other's caches; and dropping a file's database ends
 * every connection it left open.
 */
import { randomBytes } from 'node:crypto';
import { openPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { urlOf } from './test-db';

/** @public Vitest runs it (vitest.config.ts, the external project's globalSetup). */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const run = randomBytes(4).toString('hex');
  const template = `x_${run}_template`;
  const admin = openPostgres(url, { max: 1 });
  await admin.query(`CREATE DATABASE ${template}`);
  const migrated = openPostgres(urlOf(url, template), { max: 1 });
  try {
    await migrate(migrated);
  } finally {
    await migrated.close();
  }
  process.env.PINBOARD_TEST_EXTERNAL_TEMPLATE = template;
  process.env.PINBOARD_TEST_EXTERNAL_PREFIX = `x_${run}_`;
  return async () => {
    // The template, and any file's database a crashed file left behind.
    const left = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`x\\_${run}\\_%`]);
    for (const { datname } of left) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.close();
  };
}
