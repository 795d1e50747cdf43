import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabaseCheck } from './health.check';

/** A database whose SELECT 1 answers when the test says so. */
function fakeDb() {
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  return {
    sent: () => pending.length,
    answer: (i = pending.length - 1) => pending[i]!.resolve(),
    fail: (i = pending.length - 1) => pending[i]!.reject(new Error('connection refused')),
    query: vi.fn(
      () =>
        new Promise<never[]>((resolve, reject) => {
          pending.push({ resolve: () => resolve([]), reject });
        }),
    ),
  };
}

let clock = 0;
const now = () => clock;
beforeEach(() => {
  clock = 1000;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the database check of /healthz', () => {
  it('sends one SELECT 1 for probes that arrive while it runs, and gives them all its answer', async () => {
    const db = fakeDb();
    const check = createDatabaseCheck(db, { reuseMs: 1000, timeoutMs: 2000, now });
    const probes = Array.from({ length: 20 }, () => check.check());
    expect(db.sent()).toBe(1);
    db.answer();
    const results = await Promise.all(probes);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(db.query).toHaveBeenCalledTimes(1);
  });

  it('reuses an answer for reuseMs, then asks again', async () => {
    const db = fakeDb();
    const check = createDatabaseCheck(db, { reuseMs: 1000, timeoutMs: 2000, now });
    const first = check.check();
    db.answer();
    expect((await first).ok).toBe(true);
    clock += 999;
    expect((await check.check()).ok).toBe(true);
    expect(db.sent()).toBe(1);
    clock += 1;
    const again = check.check();
    expect(db.sent()).toBe(2);
    db.fail();
    expect((await again).ok).toBe(false);
  });

  it('with reuseMs 0, asks on every probe that finds no check running', async () => {
    const db = fakeDb();
    const check = createDatabaseCheck(db, { reuseMs: 0, timeoutMs: 2000, now });
    for (let i = 1; i <= 3; i++) {
      const p = check.check();
      expect(db.sent()).toBe(i);
      db.answer();
      await p;
    }
  });

  it('fails when the database refuses, and reports it again once it answers', async () => {
    const db = fakeDb();
    const check = createDatabaseCheck(db, { reuseMs: 1000, timeoutMs: 2000, now });
    const down = check.check();
    db.fail();
    expect(await down).toMatchObject({ ok: false });
    clock += 1000;
    const up = check.check();
    db.answer();
    expect(await up).toMatchObject({ ok: true });
  });

  it('fails at its deadline when the database hangs, and does not pile more queries onto the hung one', async () => {
    const db = fakeDb();
    const check = createDatabaseCheck(db, { reuseMs: 1000, timeoutMs: 2000, now });
    const hung = check.check();
    let settled = false;
    void hung.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await hung).toMatchObject({ ok: false });
    // Past the reuse window the query still hangs: the next check waits on it (and on a deadline of its own).
    clock += 1000;
    const next = check.check();
    expect(db.sent()).toBe(1);
    db.answer(0);
    expect(await next).toMatchObject({ ok: true });
    clock += 1000;
    const fresh = check.check();
    expect(db.sent()).toBe(2);
    db.answer();
    expect(await fresh).toMatchObject({ ok: true });
  });
});
