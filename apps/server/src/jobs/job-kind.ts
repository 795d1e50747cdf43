/**
 * The shape of one kind of background job (decision 053): its name, the zod
 * schema of its payload, its retry policy, how long one run may hold its
 * claim, how many run at once on a server, and its handler. The kinds
 * themselves are declared in one table, `kinds.ts`.
 */
import type { z } from 'zod';
import type { Config } from '../config';

export interface JobLog {
  info(o: object, m: string): void;
  error(o: object, m: string): void;
}

interface JobContext<D> {
  /** What the handlers use (the app's services, database, media store, mail transport). */
  deps: D;
  /** Aborted when this server stops: the handler gives up, and its job is handed back to the queue. */
  signal: AbortSignal;
  /** 1 for the first run, 2 for the first retry… */
  attempt: number;
  /** No retry follows this run if it fails. */
  lastAttempt: boolean;
  log: JobLog;
}

export interface JobKind<P, D> {
  /** The queue's name in the database: letters, digits, `_` and `-`. */
  name: string;
  payload: z.ZodType<P>;
  /** Retries after a failed run (at most `limit`), `delaySeconds` apart, doubling with `backoff`. */
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /** How long one run may hold its claim: past it (its server died) the run counts as failed and the job is retried. */
  expireSeconds(config: Config): number;
  /** Runs at once on one server; 0: this server runs none (another does). */
  concurrency(config: Config, deps: D): number;
  /** Seconds between runs of a scheduled job: one run per period across all servers. */
  everySeconds?(config: Config): number;
  /** A finished job is deleted at once (its payload holds what should not stay, such as a mail's links) instead of archived. */
  forgetWhenDone?: boolean;
  run(payload: P, ctx: JobContext<D>): Promise<void>;
}

/** A run that must not be retried: the job fails for good with this message. */
export class JobFailedForGood extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JobFailedForGood';
  }
}
