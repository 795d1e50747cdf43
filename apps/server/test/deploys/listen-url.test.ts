/**
 * Behind a pooler: LISTEN (the caches' and media visibility's notices, the
 * video queue's wake-ups) goes over DATABASE_LISTEN_URL, a direct connection;
 * with DATABASE_URL alone it goes where it always went.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type Db } from '../../src/db/client';
import { openDatabase } from '../../src/db/open';
import { loadConfig } from '../../src/config';
import { testDbKind } from '../test-db';

const baseUrl = testDbKind() === 'external' ? process.env.TEST_DATABASE_URL! : process.env.PINBOARD_TEST_PG_URL!;
const named = (app: string) => {
  const u = new URL(baseUrl);
  u.searchParams.set('application_name', app);
  return u.toString();
};
const opened: Db[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

/** The application name of the connection that LISTENs on `channel`, once it does. */
async function listenerOf(db: Db, channel: string) {
  let name = '';
  await vi.waitFor(async () => {
    const rows = await db.query<{ application_name: string }>(`SELECT application_name FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`, [
      `LISTEN ${channel}`,
    ]);
    expect(rows).toHaveLength(1);
    name = rows[0]!.application_name;
  });
  return name;
}

describe('LISTEN', () => {
  it('goes over DATABASE_LISTEN_URL when it is set, and notices arrive through it', async () => {
    const db = await openDatabase(loadConfig({ DATABASE_URL: named('pinboard-pool'), DATABASE_LISTEN_URL: named('pinboard-listen') }), { migrate: false });
    opened.push(db);
    const heard: string[] = [];
    const channel = `listen_url_${process.pid}`;
    await db.listen(channel, { onNotify: (p) => heard.push(p), onListening: () => {} });
    expect(await listenerOf(db, channel)).toBe('pinboard-listen');
    await db.query(`SELECT pg_notify($1, 'hello')`, [channel]);
    await vi.waitFor(() => expect(heard).toEqual(['hello']));
  });

  it('goes over DATABASE_URL when DATABASE_LISTEN_URL is not set', async () => {
    const db = openPostgres(named('pinboard-only'));
    opened.push(db);
    const channel = `listen_plain_${process.pid}`;
    await db.listen(channel, { onNotify: () => {}, onListening: () => {} });
    expect(await listenerOf(db, channel)).toBe('pinboard-only');
  });
});
