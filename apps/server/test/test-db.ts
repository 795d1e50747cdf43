/**
 * A real migrated database for one test file: PGlite by default, or a fresh
 * schema on the PostgreSQL at TEST_DATABASE_URL when TEST_DB=postgres.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { openPglite, openPostgres, type Db } from '../src/db/client';
import { migrate } from '../src/db/migrate';

export const testDbKind = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

export async function openTestDb(): Promise<Db> {
  if (testDbKind() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres(url, { max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.close();
    const db = openPostgres(url, { schema, max: 5 });
    await migrate(db);
    const close = db.close;
    return {
      ...db,
      close: async () => {
        await close();
        const cleanup = openPostgres(url, { max: 1 });
        await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
        await cleanup.close();
      },
    };
  }
  const template = process.env.PINBOARD_TEST_TEMPLATE;
  if (template) return openPglite(undefined, new Blob([readFileSync(template)]));
  const db = await openPglite(undefined);
  await migrate(db);
  return db;
}
