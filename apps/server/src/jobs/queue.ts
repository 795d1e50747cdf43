/**
 * The job queue (decision 053): pg-boss on our own PostgreSQL, in its own
 * schema beside ours, over our one pool. Jobs are claimed with
 * `FOR UPDATE SKIP LOCKED`, so any server takes any job; a claim expires
 * after its kind's `expireSeconds` (a server that died), and a failed run is
 * retried by its kind's policy; a job that fails for good stays in the table
 * with its error.
 *
 * Each server runs at most its kinds' `concurrency` at once. Workers wake on
 * the `pinboard_jobs` notice a job sends at commit, and look again every
 * `pollMs` (retries that come due, jobs of a server that stopped). A
 * scheduled kind (`everySeconds`) is sent by every server once per period
 * with pg-boss's throttling key, so it runs once per period across all.
 *
 * A job sent while a request is handled carries that request's id (decision
 * 102) beside its payload, and its run's log lines carry it as `reqId`.
 *
 * Each run is a span (`job <name>`, decision 105) around the handler and the
 * recording of its outcome, so its SQL, fetches and S3 calls are traced under
 * it; without the tracing SDK the span records nothing.
 *
 * stop() hands the jobs this server runs back at once: their handlers are
 * aborted and the jobs are failed with a retry, so another server takes
 * them within seconds rather than when their claim would expire.
 */
import PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { currentRequestId } from '../lib/request-id';
import { inConsumerSpan } from '../lib/traces';
import { JobFailedForGood, type JobKind, type JobLog } from './job-kind';
import { queueRepo, queueSchemaOf } from './queue.repo';

const CHANNEL = 'pinboard_jobs';
const STOPPED_MESSAGE = 'The server stopped; the job went back to the queue.';
/** Where a job's data keeps the id of the request that sent it, beside the payload's own fields. */
const REQUEST_ID_KEY = '_requestId';

/** The payload and the sending request's id from a job's stored data. */
function unpack(data: unknown): { payload: unknown; requestId: string | undefined } {
  if (data === null || typeof data !== 'object' || !(REQUEST_ID_KEY in data)) return { payload: data, requestId: undefined };
  const { [REQUEST_ID_KEY]: requestId, ...payload } = data as Record<string, unknown>;
  return { payload, requestId: typeof requestId === 'string' ? requestId : undefined };
}

/** pg-boss's job states: created and retry wait, active runs, the others are kept until archived. */
const JOB_STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;

/** A log whose lines carry the request id. */
function withRequestId(log: JobLog, reqId: string | undefined): JobLog {
  if (reqId === undefined) return log;
  return { info: (o, m) => log.info({ reqId, ...o }, m), error: (o, m) => log.error({ reqId, ...o }, m) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKind<D> = JobKind<any, D>;
export type KindTable<D> = Record<string, AnyKind<D>>;
type PayloadOf<K> = K extends JobKind<infer P, unknown> ? P : never;

/** What can enqueue: the queue itself, or a narrower view of it handed to a service. */
interface JobSender<K extends KindTable<never>> {
  /** Enqueues a job; with `tx`, in that transaction (it runs only if the transaction commits). */
  send<N extends keyof K & string>(name: N, payload: PayloadOf<K[N]>, opts?: { tx?: Db }): Promise<void>;
}

export interface JobQueueOptions<K, D> {
  db: Db;
  config: Config;
  kinds: K;
  log: JobLog;
  /** How often idle workers look for due jobs besides the notices (ms). */
  pollMs?: number;
  /** What the handlers get; given later with start() when the services that make it need the queue first. */
  deps?: D;
}

interface Running {
  name: string;
  id: string;
  abort: AbortController;
  givenBack: boolean;
  done: Promise<void>;
}

const adapter = (db: Db): PgBoss.Db => ({
  // pg-boss's parameterless texts may hold several statements (its maintenance): those run as a script.
  executeSql: async (text: string, values?: unknown[]) => ({ rows: values?.length ? await db.query(text, values) : await db.script(text) }),
});

export class JobQueue<D, K extends KindTable<D>> implements JobSender<K> {
  private boss: PgBoss | null = null;
  private schema = '';
  private prepared: Promise<void> | null = null;
  private deps: D | undefined;
  private started = false;
  private stopping = false;
  private readonly running = new Map<string, Running>();
  private readonly busy = new Map<string, { count: number; polling: boolean; again: boolean }>();
  private readonly timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | null = null;
  private readonly pollMs: number;

  constructor(private readonly o: JobQueueOptions<K, D>) {
    this.pollMs = o.pollMs ?? 2000;
    this.deps = o.deps;
  }

  /** The schema of pg-boss's tables for this database (see queue.repo.ts). */
  async schemaName() {
    await this.prepare();
    return this.schema;
  }

  /** Makes sure every kind's queue exists with its current policy (once per app; servers starting together take turns). */
  prepare(): Promise<void> {
    this.prepared ??= this.createQueues().catch((err: unknown) => {
      this.prepared = null;
      throw err;
    });
    return this.prepared;
  }

  /**
   * Servers that start together on a new database would each make the same queues at once, and pg-boss's
   * `create_queue` (a row in its queue table, then a partition with a foreign key to that table) deadlocks
   * against itself. So the queues are made in one transaction under an advisory lock of this schema: the
   * first server makes them, the others wait and find them made.
   */
  private async createQueues() {
    this.schema = await queueSchemaOf(this.o.db);
    // Servers that start together would make or change the same queues at once, which deadlocks in pg-boss's own
    // tables: one at a time, in one transaction under an advisory lock (decision 053).
    await this.o.db.tx(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('pinboard:job-queues:' || current_schema(), 0))");
      const setup = new PgBoss({ db: adapter(tx), schema: this.schema, migrate: false, schedule: false, supervise: false });
      for (const kind of Object.values(this.o.kinds)) {
        const policy = {
          name: kind.name,
          retryLimit: kind.retry.limit,
          retryDelay: kind.retry.delaySeconds,
          retryBackoff: kind.retry.backoff,
          expireInSeconds: Math.ceil(kind.expireSeconds(this.o.config)),
        };
        if (await setup.getQueue(kind.name)) await setup.updateQueue(kind.name, policy);
        else await setup.createQueue(kind.name, policy);
      }
    });
    const boss = new PgBoss({ db: adapter(this.o.db), schema: this.schema, migrate: false, schedule: false, supervise: true });
    boss.on('error', (err: unknown) => this.o.log.error({ err }, 'job queue'));
    this.boss = boss;
  }

  async send<N extends keyof K & string>(name: N, payload: PayloadOf<K[N]>, opts: { tx?: Db } = {}) {
    const kind = this.kindOf(name);
    await this.prepare();
    const parsed = kind.payload.parse(payload) as object;
    const requestId = currentRequestId();
    const data = requestId === undefined ? parsed : { ...parsed, [REQUEST_ID_KEY]: requestId };
    const db = opts.tx ?? this.o.db;
    const id = await this.boss!.send(kind.name, data, { db: adapter(db) });
    if (!id) throw new Error(`The job queue refused a ${name} job`);
    await db.query('SELECT pg_notify($1, $2)', [CHANNEL, kind.name]);
  }

  /** Starts this server's workers and schedules. */
  async start(deps?: D) {
    if (deps) this.deps = deps;
    if (this.started || this.stopping) return;
    this.started = true;
    await this.prepare();
    await this.boss!.start();
    this.unlisten = await this.o.db.listen(CHANNEL, {
      onNotify: (name) => this.poll(name),
      onListening: (on) => {
        if (on) this.pollAll();
      },
    });
    this.timers.push(setInterval(() => this.pollAll(), this.pollMs).unref());
    for (const kind of Object.values(this.o.kinds)) {
      const every = kind.everySeconds?.(this.o.config);
      if (!every) continue;
      const schedule = () => void this.schedule(kind, every);
      schedule();
      this.timers.push(setInterval(schedule, Math.max(1000, Math.min(every * 500, 60_000))).unref());
    }
  }

  /** One job per period across all servers: each sends it with the period's throttling key; the first one counts. */
  private async schedule(kind: AnyKind<D>, every: number) {
    if (this.stopping) return;
    try {
      const id = await this.boss!.send(kind.name, {}, { singletonKey: kind.name, singletonSeconds: every });
      if (id) this.poll(kind.name);
    } catch (err) {
      if (!this.stopping) this.o.log.error({ err, job: kind.name }, 'scheduling a job');
    }
  }

  private concurrencyOf(kind: AnyKind<D>) {
    return this.deps === undefined ? 0 : kind.concurrency(this.o.config, this.deps);
  }

  private pollAll() {
    for (const kind of Object.values(this.o.kinds)) this.poll(kind.name);
  }

  /** Claims jobs of one kind while this server has room for them. */
  private poll(name: string) {
    const kind = Object.values(this.o.kinds).find((k) => k.name === name);
    if (!kind || this.stopping || !this.started) return;
    const limit = this.concurrencyOf(kind);
    if (limit <= 0) return;
    let state = this.busy.get(name);
    if (!state) this.busy.set(name, (state = { count: 0, polling: false, again: false }));
    if (state.polling) {
      state.again = true;
      return;
    }
    state.polling = true;
    const s = state;
    void (async () => {
      try {
        do {
          s.again = false;
          while (!this.stopping && s.count < limit) {
            const [job] = await this.boss!.fetch<unknown>(name, { batchSize: 1, includeMetadata: true });
            if (!job) break;
            if (this.stopping) {
              await this.boss!.fail(name, job.id, { message: STOPPED_MESSAGE });
              break;
            }
            s.count++;
            this.runJob(kind, job).finally(() => {
              s.count--;
              this.poll(name);
            });
          }
        } while (s.again && !this.stopping);
      } catch (err) {
        if (!this.stopping) this.o.log.error({ err, job: name }, 'claiming a job');
      } finally {
        s.polling = false;
      }
    })();
  }

  private runJob(kind: AnyKind<D>, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const run: Running = { name: kind.name, id: job.id, abort: new AbortController(), givenBack: false, done: Promise.resolve() };
    const { payload, requestId } = unpack(job.data);
    const log = withRequestId(this.o.log, requestId);
    const spanAttributes = {
      'messaging.system': 'pg-boss',
      'messaging.operation.type': 'process',
      'messaging.destination.name': kind.name,
      'messaging.message.id': job.id,
      'pinboard.job.attempt': job.retryCount + 1,
      ...(requestId === undefined ? {} : { 'pinboard.request_id': requestId }),
    };
    run.done = inConsumerSpan(`job ${kind.name}`, spanAttributes, async (markFailed) => {
      const boss = this.boss!;
      let failure: unknown = null;
      try {
        const parsed = kind.payload.safeParse(payload);
        if (!parsed.success) throw new JobFailedForGood(`The job's payload is not valid: ${parsed.error.message}`);
        await kind.run(parsed.data, {
          deps: this.deps as D,
          signal: run.abort.signal,
          attempt: job.retryCount + 1,
          lastAttempt: job.retryCount >= job.retryLimit,
          log,
        });
      } catch (err) {
        failure = err;
      }
      if (run.givenBack) return; // handed back by stop(): the queue has it again
      if (failure === null) {
        // Done. Recording it may fail (the database went away): then the claim expires and the job runs again, the
        // one way a job (a mail) can run twice.
        if (kind.forgetWhenDone) await boss.deleteJob(kind.name, job.id);
        else await boss.complete(kind.name, job.id);
        return;
      }
      markFailed(failure);
      const message = failure instanceof Error ? failure.message : String(failure);
      if (failure instanceof JobFailedForGood) {
        await this.o.db.tx(async (tx) => {
          await queueRepo.leaveNoRetry(tx, this.schema, kind.name, job.id);
          await boss.fail(kind.name, job.id, { message }, { db: adapter(tx) });
        });
        log.error({ err: failure, job: kind.name, id: job.id }, 'job failed for good');
      } else {
        await boss.fail(kind.name, job.id, { message });
        const last = job.retryCount >= job.retryLimit;
        log.error({ err: failure, job: kind.name, id: job.id, attempt: job.retryCount + 1 }, last ? 'job failed for good' : 'job failed; it will be retried');
      }
    })
      .catch((err: unknown) => {
        // Recording the outcome failed (the database went away): the claim expires and the job runs again.
        if (!this.stopping) log.error({ err, job: kind.name, id: job.id }, 'recording a job outcome');
      })
      .finally(() => this.running.delete(job.id));
    this.running.set(job.id, run);
    return run.done;
  }

  /**
   * Stops claiming, hands the jobs running here back to the queue at once (another server takes them after their
   * kind's retry delay, a second or so) and waits for their handlers to give up. The shutdown sequence calls it
   * before the database closes; buildApp's onClose does.
   */
  async stop() {
    if (this.stopping) return;
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    await this.unlisten?.().catch(() => {});
    const runs = [...this.running.values()];
    for (const run of runs) {
      run.givenBack = true;
      run.abort.abort();
    }
    for (const run of runs) {
      await this.boss!.fail(run.name, run.id, { message: STOPPED_MESSAGE }).catch((err: unknown) =>
        this.o.log.error({ err, job: run.name }, 'handing a job back'),
      );
    }
    await Promise.allSettled(runs.map((r) => r.done));
    if (this.boss && this.started) await this.boss.stop({ graceful: false, close: false, wait: true }).catch(() => {});
  }

  /** The stored jobs of one kind, oldest first (tests, and operators reading a failure). */
  async jobs(name: keyof K & string) {
    await this.prepare();
    return queueRepo.jobsOf(this.o.db, this.schema, this.kindOf(name).name);
  }

  /** How many jobs of each kind are in each state (waiting, running, kept done or failed): the metrics read it at scrape time. */
  async counts(): Promise<{ queue: string; state: string; count: number }[]> {
    await this.prepare();
    const names = Object.values(this.o.kinds).map((k) => k.name);
    const stored = await queueRepo.countsByState(this.o.db, this.schema, names);
    // Every kind in every state, 0 when it has none: a series does not come and go with the jobs.
    const count = (queue: string, state: string) => stored.find((r) => r.queue === queue && r.state === state)?.count ?? 0;
    return names.flatMap((queue) => JOB_STATES.map((state) => ({ queue, state, count: count(queue, state) })));
  }

  /** Each queue's waiting, running and failed jobs, and the newest `limit` failed ones (the admin page, decision 106). */
  async overview(limit: number) {
    await this.prepare();
    const [queues, failed] = await Promise.all([queueRepo.counts(this.o.db, this.schema), queueRepo.failed(this.o.db, this.schema, limit)]);
    return { queues, failed };
  }

  /**
   * A failed job back to be run: pg-boss's retry (one more attempt), and a notice that wakes the workers. False
   * when the queue has no such failed job (retried or discarded meanwhile, or archived).
   */
  async retryFailed(name: string, id: string): Promise<boolean> {
    return this.onFailed(name, id, async (boss, tx) => {
      await boss.retry(name, id, { db: adapter(tx) });
      await tx.query('SELECT pg_notify($1, $2)', [CHANNEL, name]);
    });
  }

  /** Deletes a failed job (pg-boss's deleteJob); false when the queue has no such failed job. */
  async discardFailed(name: string, id: string): Promise<boolean> {
    return this.onFailed(name, id, (boss, tx) => boss.deleteJob(name, id, { db: adapter(tx) }));
  }

  /** Runs `fn` on a failed job locked in a transaction, so that two staff acting on it at once act once. */
  private async onFailed(name: string, id: string, fn: (boss: PgBoss, tx: Db) => Promise<void>): Promise<boolean> {
    if (!Object.values(this.o.kinds).some((k) => k.name === name)) return false;
    await this.prepare();
    const boss = this.boss!;
    return this.o.db.tx(async (tx) => {
      if (!(await queueRepo.lockFailed(tx, this.schema, name, id))) return false;
      await fn(boss, tx);
      return true;
    });
  }

  private kindOf(name: string): AnyKind<D> {
    const kind = this.o.kinds[name];
    if (!kind) throw new Error(`No job kind ${name}`);
    return kind;
  }
}
