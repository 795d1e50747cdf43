/**
 * Under overload the database layer answers 503 quickly instead of letting
 * requests wait without end: a statement past its time limit, no connection
 * free in time, or too many queries already waiting. Statements are named,
 * but for those planned for their values; a nested transaction runs inside
 * the one open.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { openPostgres, PLANNED_FOR_ITS_VALUES, statement, type Db } from './client';

const url = (process.env.TEST_DB === 'external' ? process.env.TEST_DATABASE_URL : process.env.PINBOARD_TEST_PG_URL)!;
const opened: Db[] = [];
const open = (o: Parameters<typeof openPostgres>[1]) => {
  const db = openPostgres(url, o);
  opened.push(db);
  return db;
};
afterAll(async () => {
  for (const db of opened) await db.close();
});

const busy = (err: unknown) => err instanceof AppError && err.httpStatus === 503 && err.headers?.['retry-after'] === '1';

describe('the database layer under overload', () => {
  it('cancels a statement past its time limit with 503', async () => {
    const db = open({ statementTimeoutMs: 50 });
    const err = await db.query('SELECT pg_sleep(2)').catch((e: unknown) => e);
    expect(busy(err)).toBe(true);
    expect(await db.one('SELECT 1 AS ok')).toEqual({ ok: 1 }); // the connection is still good
  });

  it('answers 503 when no connection is free in time', async () => {
    // The limit covers connecting too, which alone took over 50 ms on a busy machine: a second, with the one
    // connection held for longer than that.
    const db = open({ max: 1, acquireTimeoutMs: 1000 });
    expect(await db.one('SELECT 1 AS ok')).toEqual({ ok: 1 });
    const holding = db.query('SELECT pg_sleep(3)');
    const err = await db.query('SELECT 1').catch((e: unknown) => e);
    expect(busy(err)).toBe(true);
    await holding;
  });

  it('refuses at once past the waiting limit, and serves the ones queued', async () => {
    const db = open({ max: 1, maxWaiting: 1 });
    const holding = db.query('SELECT pg_sleep(0.3)');
    const queued = db.query<{ n: number }>('SELECT 2 AS n');
    const err = await db.query('SELECT 3').catch((e: unknown) => e);
    expect(busy(err)).toBe(true);
    await holding;
    expect(await queued).toEqual([{ n: 2 }]);
  });

  it('leaves other errors as they are', async () => {
    const db = open({});
    const err = await db.query('SELECT * FROM no_such_table').catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(AppError);
    expect((err as { code?: string }).code).toBe('42P01');
  });
});

describe('statements', () => {
  it('names a statement (planned once per connection), but not one to be planned for its values on every call', () => {
    expect(statement('SELECT $1::int AS n', [1], true)).toMatchObject({ name: expect.stringMatching(/^s\d+$/), text: 'SELECT $1::int AS n' });
    expect(statement(`${PLANNED_FOR_ITS_VALUES}SELECT $1::int AS n`, [1], true)).toBe(`${PLANNED_FOR_ITS_VALUES}SELECT $1::int AS n`);
  });

  it('runs a statement planned for its values with its parameters', async () => {
    const db = open({});
    expect(await db.query(`${PLANNED_FOR_ITS_VALUES}SELECT $1::int + 1 AS n`, [41])).toEqual([{ n: 42 }]);
  });
});

describe('transactions', () => {
  it('runs a nested transaction inside the one open: a failure after it undoes it too', async () => {
    const db = open({});
    const table = `nested_tx_${process.pid}_${Date.now()}`;
    await db.query(`CREATE TABLE ${table} (n int)`);
    try {
      const err = await db
        .tx(async (tx) => {
          await tx.tx((inner) => inner.query(`INSERT INTO ${table} VALUES (1)`));
          await tx.query(`INSERT INTO ${table} VALUES (2)`);
          throw new Error('after the nested one');
        })
        .catch((e: unknown) => e);
      expect((err as Error).message).toBe('after the nested one');
      expect(await db.query(`SELECT n FROM ${table}`)).toEqual([]);
    } finally {
      await db.query(`DROP TABLE ${table}`);
    }
  });
});
