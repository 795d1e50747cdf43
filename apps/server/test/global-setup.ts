/**
 * Runs once before the server tests: migrates a fresh PGlite and saves its
 * data directory, so each test file starts from a copy in well under a
 * second instead of running initdb and migrations again.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';

export default async function setup() {
  const client = await PGlite.create();
  await migrate(pgliteDb(client));
  const dump = await client.dumpDataDir('none');
  const dir = mkdtempSync(join(tmpdir(), 'pinboard-test-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  process.env.PINBOARD_TEST_TEMPLATE = file;
}
