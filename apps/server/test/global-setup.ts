/**
 * Runs once before the server tests: starts one embedded PostgreSQL for the
 * whole run (fsync off: a throwaway cluster) and migrates a template
 * database, so each test file gets its own database as a file copy of the
 * template in a fraction of a second instead of running the migrations again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded/embedded-postgres';
import { createDatabaseIfMissing } from '../src/db/open';
import { migrate } from '../src/db/migrate';

export const TEMPLATE_DATABASE = 'pinboard_template';

export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'pinboard-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: join(dir, 'postgres'), durable: false });
  await createDatabaseIfMissing(server.url('postgres'), TEMPLATE_DATABASE);
  const template = openPostgres(server.url(TEMPLATE_DATABASE), { max: 1 });
  await migrate(template);
  await template.close();
  process.env.PINBOARD_TEST_PG_URL = server.url('postgres');
  process.env.PINBOARD_TEST_TEMPLATE = TEMPLATE_DATABASE;
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
