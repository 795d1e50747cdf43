/**
 * A small pool of worker threads for work that must never hold the main
 * thread, such as reading documents fetched from outside. Each job runs in
 * a worker under a wall-clock deadline: when it passes, the worker is
 * terminated (whatever it was stuck in), the job fails, and a new worker is
 * started for the jobs after it. Jobs wait in a bounded queue, for a
 * bounded time; when the queue is full a job is refused at once.
 *
 * A worker is a plain JavaScript module (so that it runs with no TypeScript
 * loader, from the sources and from a bundle alike) speaking this protocol:
 * it posts `{ ready: true }` once loaded; then for each `{ id, input }` it
 * receives it posts `{ id, ok: true, value }` or `{ id, ok: false, error }`.
 * Workers are unref'd: an idle pool keeps no process alive, and a worker
 * idle for `idleMs` is stopped.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';

export interface WorkerPoolOptions {
  /** The worker's entry file. */
  file: URL;
  /** Most workers at once. */
  size: number;
  /** Most jobs waiting for a worker; one more is refused at once. */
  maxQueue: number;
  /** How long a job may wait for a worker before it is refused. */
  maxWaitMs: number;
  /** How long a job may run in its worker, from the moment the worker is given it. */
  deadlineMs: number;
  /** A worker with nothing to do for this long is stopped. Default 30 s. */
  idleMs?: number;
  resourceLimits?: ResourceLimits;
}

/**
 * - `busy`: the queue was full, or the job waited too long for a worker;
 * - `deadline`: the job ran past the deadline (its worker was terminated);
 * - `crashed`: the worker died during the job (out of memory, for one);
 * - `failed`: the worker reported an error, or could not be started.
 */
export type WorkerFailure = 'busy' | 'deadline' | 'crashed' | 'failed';

export class WorkerPoolError extends Error {
  readonly failure: WorkerFailure;

  constructor(failure: WorkerFailure, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'WorkerPoolError';
    this.failure = failure;
  }
}

export interface WorkerPool<In, Out> {
  run(input: In): Promise<Out>;
  /** Stops every worker; unfinished jobs fail as `busy`. */
  close(): Promise<void>;
  /** Workers started (ready or not), workers with a job, jobs waiting. */
  stats(): { workers: number; busy: number; queued: number };
}

interface Job<In, Out> {
  id: number;
  input: In;
  resolve(value: Out): void;
  reject(err: Error): void;
  waitTimer?: NodeJS.Timeout;
}

interface Slot<In, Out> {
  worker: Worker;
  ready: boolean;
  job: Job<In, Out> | null;
  deadline?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
}

type Reply = { ready: true } | { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

export function createWorkerPool<In, Out>(options: WorkerPoolOptions): WorkerPool<In, Out> {
  const size = Math.max(1, Math.floor(options.size));
  const idleMs = options.idleMs ?? 30_000;
  const slots = new Set<Slot<In, Out>>();
  const queue: Job<In, Out>[] = [];
  let nextId = 1;
  let closed = false;

  function spawn() {
    const worker = new Worker(options.file, {
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
    });
    const slot: Slot<In, Out> = { worker, ready: false, job: null };
    slots.add(slot);
    worker.on('message', (reply: Reply) => onReply(slot, reply));
    worker.on('error', (err) => retire(slot, slot.ready ? new WorkerPoolError('crashed', 'The worker stopped during the job.', err) : startFailure(err)));
    worker.on('exit', (code) =>
      retire(slot, slot.ready ? new WorkerPoolError('crashed', `The worker exited (code ${code}) during the job.`) : startFailure(code)),
    );
    // After the listeners: adding a 'message' listener refs the worker's port again.
    worker.unref();
  }

  const startFailure = (cause: unknown) => new WorkerPoolError('failed', 'The worker could not be started.', cause);

  /** Removes a worker for good: its job (or, if it never started, the first waiting job) fails with `error`. */
  function retire(slot: Slot<In, Out>, error: WorkerPoolError) {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.deadline);
    clearTimeout(slot.idle);
    void slot.worker.terminate();
    const job = slot.job;
    slot.job = null;
    if (job) {
      job.reject(error);
    } else if (!slot.ready) {
      // Rather than starting workers that fail forever, each failed start fails one waiting job.
      const first = queue.shift();
      if (first) {
        clearTimeout(first.waitTimer);
        first.reject(error);
      }
    }
    pump();
  }

  function onReply(slot: Slot<In, Out>, reply: Reply) {
    if ('ready' in reply) {
      slot.ready = true;
      pump();
      return;
    }
    const job = slot.job;
    if (!job || reply.id !== job.id) return;
    clearTimeout(slot.deadline);
    slot.job = null;
    if (reply.ok) job.resolve(reply.value as Out);
    else job.reject(new WorkerPoolError('failed', reply.error));
    pump();
  }

  function give(slot: Slot<In, Out>, job: Job<In, Out>) {
    clearTimeout(job.waitTimer);
    clearTimeout(slot.idle);
    slot.idle = undefined;
    slot.job = job;
    slot.deadline = setTimeout(
      () => retire(slot, new WorkerPoolError('deadline', `The job ran past its ${options.deadlineMs} ms deadline.`)),
      options.deadlineMs,
    );
    try {
      slot.worker.postMessage({ id: job.id, input: job.input });
    } catch (err) {
      clearTimeout(slot.deadline);
      slot.job = null;
      job.reject(new WorkerPoolError('failed', 'The job could not be sent to the worker.', err));
    }
  }

  function pump() {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) break;
      if (slot.ready && slot.job === null) give(slot, queue.shift()!);
    }
    // One new worker per waiting job that no worker still starting will take, up to the size.
    let starting = 0;
    for (const slot of slots) if (!slot.ready) starting++;
    for (let missing = queue.length - starting; missing > 0 && slots.size < size; missing--) spawn();
    for (const slot of slots) {
      if (slot.ready && slot.job === null && slot.idle === undefined) {
        slot.idle = setTimeout(() => retire(slot, new WorkerPoolError('failed', 'Stopped while idle.')), idleMs).unref();
      }
    }
  }

  return {
    run(input) {
      if (closed) return Promise.reject(new WorkerPoolError('busy', 'The pool is closed.'));
      let free = false;
      for (const slot of slots) if (slot.ready && slot.job === null) free = true;
      if (!free && queue.length >= options.maxQueue) return Promise.reject(new WorkerPoolError('busy', 'Too many jobs are waiting.'));
      return new Promise<Out>((resolve, reject) => {
        const job: Job<In, Out> = { id: nextId++, input, resolve, reject };
        job.waitTimer = setTimeout(() => {
          const at = queue.indexOf(job);
          if (at === -1) return;
          queue.splice(at, 1);
          reject(new WorkerPoolError('busy', `No worker was free within ${options.maxWaitMs} ms.`));
        }, options.maxWaitMs);
        queue.push(job);
        pump();
      });
    },

    async close() {
      closed = true;
      for (const job of queue.splice(0)) {
        clearTimeout(job.waitTimer);
        job.reject(new WorkerPoolError('busy', 'The pool is closed.'));
      }
      const stopping: Promise<number>[] = [];
      for (const slot of [...slots]) {
        slots.delete(slot);
        clearTimeout(slot.deadline);
        clearTimeout(slot.idle);
        slot.job?.reject(new WorkerPoolError('busy', 'The pool is closed.'));
        stopping.push(slot.worker.terminate());
      }
      await Promise.all(stopping);
    },

    stats() {
      let busy = 0;
      for (const slot of slots) if (slot.job) busy++;
      return { workers: slots.size, busy, queued: queue.length };
    },
  };
}
