/**
 * Servers that start at the same moment on a fresh database all migrate at
 * once: the advisory lock lets one run the migrations while the others wait,
 * then find nothing left to do.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { testDbKind } from '../test-db';

const FILES = readdirSync(fileURLToPath(new URL('../../src/db/migrations/', import.meta.url))).filter((f) => f.endsWith('.sql'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** `n` separate pools (as `n` servers would have) on one empty database or schema. */
async function emptyDatabase(n: number, max = 2): Promise<Db[]> {
  const name = `m_${randomBytes(6).toString('hex')}`;
  if (testDbKind() === 'external') {
    const url = process.env.TEST_DATABASE_URL!;
    const admin = openPostgres(url, { max: 1 });
    await admin.query(`CREATE SCHEMA ${name}`);
    cleanups.push(async () => {
      // The job queue's schema beside it (decision 053) goes too.
      await admin.query(`DROP SCHEMA IF EXISTS ${name}_pgboss CASCADE`);
      await admin.query(`DROP SCHEMA ${name} CASCADE`);
      await admin.close();
    });
    return Array.from({ length: n }, () => openPostgres(url, { schema: name, max }));
  }
  const adminUrl = process.env.PINBOARD_TEST_PG_URL!;
  const admin = openPostgres(adminUrl, { max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return Array.from({ length: n }, () => openPostgres(url.toString(), { max }));
}

describe('migrations', () => {
  it('run once when several servers migrate one empty database at the same moment', async () => {
    const dbs = await emptyDatabase(3);
    cleanups.push(async () => {
      for (const db of dbs) await db.close();
    });
    const results = await Promise.allSettled(dbs.map((db) => migrate(db)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const applied = results.map((r) => (r as PromiseFulfilledResult<string[]>).value);
    // One of them applied every file; the others found nothing left.
    // Each run names the SQL files it applied (and the job queue's schema when it made it: decision 053).
    expect(applied.map((a) => a.filter((n) => n.endsWith('.sql')).length).sort((a, b) => a - b)).toEqual([0, 0, FILES.length]);
    expect((await dbs[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'))[0]!.n).toBe(FILES.length);
    // The lock was let go: a later run takes it at once.
    expect(await migrate(dbs[1]!)).toEqual([]);
  });

  it('run on a pool of one connection', async () => {
    const [db] = await emptyDatabase(1, 1);
    const one = db!;
    cleanups.push(() => one.close());
    expect((await migrate(one)).filter((n) => n.endsWith('.sql')).length).toBe(FILES.length);
  });
});
