/**
 * Under overload the database layer answers 503 quickly instead of letting
 * requests wait without end: a statement past its time limit, no connection
 * free in time, or too many queries already waiting.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { openPostgres, type Db } from './client';

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
    const db = open({ max: 1, acquireTimeoutMs: 50 });
    // Connected first: on a busy machine, connecting alone may take longer than the 50 ms.
    expect(await db.one('SELECT 1 AS ok')).toEqual({ ok: 1 });
    const holding = db.query('SELECT pg_sleep(0.5)');
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
