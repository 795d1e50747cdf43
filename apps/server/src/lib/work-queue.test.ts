import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { WorkQueue } from './work-queue';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('the work queue', () => {
  it('runs at most `concurrency` jobs at once and starts the next as one ends', async () => {
    const q = new WorkQueue({ concurrency: 2, maxWaiting: 10, maxWaitMs: 10_000, what: 'imageProcessing' });
    const gates = [gate(), gate(), gate()];
    let peak = 0;
    let active = 0;
    const jobs = gates.map((g) =>
      q.run(async () => {
        peak = Math.max(peak, ++active);
        await g.opened;
        active--;
      }),
    );
    await Promise.resolve();
    expect(q.stats).toEqual({ running: 2, waiting: 1 });
    gates.forEach((g) => g.open());
    await Promise.all(jobs);
    expect(peak).toBe(2);
    expect(q.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with 503 and Retry-After when its queue is full', async () => {
    const q = new WorkQueue({ concurrency: 1, maxWaiting: 1, maxWaitMs: 10_000, what: 'imageProcessing' });
    const g = gate();
    const first = q.run(() => g.opened);
    const second = q.run(async () => 'second');
    const err = await q.run(async () => 'third').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).httpStatus).toBe(503);
    expect((err as AppError).headers).toEqual({ 'retry-after': '2' });
    expect((err as AppError).message).toBe('Image processing is busy. Try again in a moment.');
    expect((err as AppError).messageKey).toBe('busy.imageProcessing');
    g.open();
    await first;
    expect(await second).toBe('second');
  });

  it('refuses a job that waited too long, and frees its place', async () => {
    const q = new WorkQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 20, what: 'imageProcessing' });
    const g = gate();
    const first = q.run(() => g.opened);
    await expect(q.run(async () => 'late')).rejects.toMatchObject({ httpStatus: 503 });
    expect(q.stats).toEqual({ running: 1, waiting: 0 });
    g.open();
    await first;
  });

  it("passes a failing job's error on and keeps counting right", async () => {
    const q = new WorkQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 1000, what: 'imageProcessing' });
    await expect(q.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await q.run(async () => 'after')).toBe('after');
    expect(q.stats).toEqual({ running: 0, waiting: 0 });
  });
});
