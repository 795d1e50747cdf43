/**
 * Ways for a test to watch the real database from outside the app: count
 * the queries the app sends, and write as another server would, over a
 * connection of its own.
 */
import pg from 'pg';
import type { Db } from '../src/db/client';
import type { TestApp } from './test-app';
import { testDbKind } from './test-db';

/** Counts the app's queries (instrumentation of the real database, not a stand-in for it). */
export function countQueries(t: TestApp, counts: (sql: string) => boolean = () => true): { reset(): void; readonly count: number } {
  let count = 0;
  const query = t.db.query.bind(t.db) as Db['query'];
  (t.db as { query: Db['query'] }).query = (async (sql: string, params?: unknown[]) => {
    if (counts(sql)) count++;
    return query(sql, params);
  }) as Db['query'];
  return {
    reset: () => void (count = 0),
    get count() {
      return count;
    },
  };
}

/** Another connection to the test's database and schema, as another app server on the same database would write. */
export async function otherConnection<T>(t: TestApp, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const where = await t.db.one<{ db: string; schema: string }>('SELECT current_database() AS db, current_schema() AS schema');
  const url = new URL(testDbKind() === 'external' ? process.env.TEST_DATABASE_URL! : process.env.PINBOARD_TEST_PG_URL!);
  url.pathname = `/${where!.db}`;
  const c = new pg.Client({ connectionString: url.toString(), options: `-c search_path=${where!.schema}` });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Reads until the answer has `status`, for a notice that comes a moment after a commit; gives up after two seconds and returns the last status. */
export async function eventually(read: () => Promise<number>, status: number): Promise<number> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const got = await read();
    if (got === status || Date.now() > deadline) return got;
    await new Promise((r) => setImmediate(r));
  }
}

/** Cuts the app's LISTEN connections on `channel`, runs `change` meanwhile, and returns a wait for the app to listen again. */
export async function cutListenerDuring(t: TestApp, channel: string, change: (c: pg.Client) => Promise<unknown>) {
  const listeners = `SELECT pid FROM pg_stat_activity WHERE query = 'LISTEN ${channel}' AND datname = current_database()`;
  const before = await otherConnection(t, async (c) => {
    const pids = (await c.query<{ pid: number }>(listeners)).rows.map((r) => r.pid);
    await c.query(`SELECT pg_terminate_backend(pid) FROM (${listeners}) l`);
    await change(c);
    return pids;
  });
  return () =>
    otherConnection(t, async (c) => {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && !(await c.query<{ pid: number }>(listeners)).rows.some((r) => !before.includes(r.pid))) {
        await new Promise((r) => setTimeout(r, 20));
      }
    });
}
