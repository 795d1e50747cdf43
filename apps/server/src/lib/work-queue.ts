/**
 * At most `concurrency` jobs at once, at most `maxWaiting` more queued; past
 * that, or after waiting `maxWaitMs`, a job is refused at once with 503 and
 * Retry-After instead of piling up (a burst of uploads queues, it never
 * exhausts memory or makes everyone wait without end).
 */
import { keyedError } from './app-error';

export interface WorkQueueOptions {
  concurrency: number;
  maxWaiting: number;
  maxWaitMs: number;
  /** Says what is busy, in the refusal: the `serverErrors.busy.<what>` text ("Image processing is busy."). */
  what: 'imageProcessing';
}

export class WorkQueue {
  private running = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(private readonly o: WorkQueueOptions) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    await this.slot();
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }

  private slot(): Promise<void> {
    if (this.running < this.o.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.o.maxWaiting) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const i = this.waiting.indexOf(entry);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(this.busy());
        }, this.o.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  private release() {
    const next = this.waiting.shift();
    if (next)
      next.start(); // the slot passes straight to the next job
    else this.running--;
  }

  private busy() {
    return keyedError('BUSY', `busy.${this.o.what}`, undefined, { headers: { 'retry-after': '2' } });
  }
}
