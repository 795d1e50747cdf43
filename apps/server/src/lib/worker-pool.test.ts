import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerPoolError, type WorkerPool, type WorkerPoolOptions } from './worker-pool';

const TEST_WORKER = new URL('./worker-pool.test-worker.mjs', import.meta.url);

let pools: WorkerPool<string, string>[] = [];
function pool(options: Partial<WorkerPoolOptions> = {}) {
  const p = createWorkerPool<string, string>({ file: TEST_WORKER, size: 1, maxQueue: 4, maxWaitMs: 10_000, deadlineMs: 2_000, ...options });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()));
  pools = [];
});

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (err instanceof WorkerPoolError) return err.failure;
    throw err;
  }
  throw new Error('expected a WorkerPoolError');
}

describe('createWorkerPool', () => {
  it('runs jobs in workers, never more workers than its size', async () => {
    const p = pool({ size: 2 });
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((x) => p.run(x)));
    expect(results).toEqual(['echo a', 'echo b', 'echo c', 'echo d']);
    expect(p.stats().workers).toBeLessThanOrEqual(2);
    expect(p.stats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('an error the worker reports fails the job; the worker goes on', async () => {
    const p = pool();
    expect(await failure(p.run('throw'))).toBe('failed');
    expect(await p.run('after')).toBe('echo after');
  });

  it('terminates a job past its deadline without holding the event loop, and a new worker takes the next job', async () => {
    const p = pool({ deadlineMs: 3_000 });
    const spinning = failure(p.run('spin'));
    while (p.stats().busy === 0) await new Promise((r) => setTimeout(r, 10));
    // This thread's timers still fire while the job spins: it spins in the worker. (Spinning
    // here, the timer would fire only after the job had ended, and busy would be 0.)
    await new Promise((r) => setTimeout(r, 20));
    expect(p.stats().busy).toBe(1);
    expect(await spinning).toBe('deadline');
    expect(await p.run('next')).toBe('echo next');
    expect(p.stats().workers).toBe(1);
  });

  it('a worker that dies (exit, out of memory) fails its job only', async () => {
    const p = pool({ resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 } });
    expect(await failure(p.run('exit'))).toBe('crashed');
    expect(await failure(p.run('hog'))).toBe('crashed');
    expect(await p.run('still here')).toBe('echo still here');
  });

  it('refuses at once when the queue is full, and jobs that wait too long', async () => {
    const p = pool({ maxQueue: 1, maxWaitMs: 400, deadlineMs: 1_000 });
    const spinning = failure(p.run('spin'));
    // Let the worker start and take the spinning job.
    while (p.stats().busy === 0) await new Promise((r) => setTimeout(r, 10));
    const waiting = failure(p.run('queued'));
    expect(await failure(p.run('one too many'))).toBe('busy');
    // Refused at once: the spinning job still holds the worker, and the other still waits.
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 });
    expect(await waiting).toBe('busy');
    expect(await spinning).toBe('deadline');
    expect(await p.run('later')).toBe('echo later');
  });

  it('a worker that cannot start fails the waiting jobs instead of restarting forever', async () => {
    const p = pool({ file: new URL('./no-such-worker.mjs', import.meta.url), size: 2 });
    expect(await failure(p.run('a'))).toBe('failed');
    expect(await failure(p.run('b'))).toBe('failed');
    expect(p.stats()).toEqual({ workers: 0, busy: 0, queued: 0 });
  });

  it('close fails what is unfinished and stops the workers', async () => {
    const p = pool();
    const unfinished = Promise.all([failure(p.run('spin')), failure(p.run('queued'))]);
    await p.close();
    expect(await unfinished).toEqual(['busy', 'busy']);
    expect(p.stats()).toEqual({ workers: 0, busy: 0, queued: 0 });
    expect(await failure(p.run('after'))).toBe('busy');
  });
});
