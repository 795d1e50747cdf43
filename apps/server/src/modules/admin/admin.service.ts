/**
 * The staff's admin page (decision 106): the servers alive with their versions and uptimes, the job queue's
 * depths and failed jobs (retried or discarded through pg-boss), the database's and the media's sizes, the
 * counts of people, boards and Pins, and the last 5xx answers of every server. All of it is read from what the
 * product already keeps in PostgreSQL, so any server answers the same for all of them.
 */
import { hostname } from 'node:os';
import type { Db } from '../../db/client';
import type { AppJobQueue } from '../../jobs';
import { keyedError, notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { currentWorkerId } from '../../lib/ids';
import { userById } from '../../kernel';
import { maySeeAdmin } from './admin.policy';
import { adminRepo, type ServerError } from './admin.repo';

export interface AdminDeps {
  db: Db;
  jobs: AppJobQueue;
  config: { staffUsernames: ReadonlySet<string> };
}

/** How many failed jobs and 5xx answers the page lists. */
const LISTED = 50;
/** 5xx records written at once by this server: a storm of errors (the database away) must not queue writes without end. */
const MAX_WRITES_IN_FLIGHT = 4;
/** A recorded message's length at most. */
const MESSAGE_CHARS = 500;

export function createAdminService({ db, jobs, config }: AdminDeps) {
  const host = hostname();
  let writesInFlight = 0;

  /** Staff go on; anyone else is told what a resource that does not exist tells (the dispatcher's 404). */
  async function requireStaff(ctx: RequestContext, resource: string) {
    const user = ctx.viewer ? await userById(db, ctx.viewer.id) : null;
    if (!maySeeAdmin(user, config.staffUsernames)) throw keyedError('NOT_FOUND', 'notFound.resource', { resource });
  }

  return {
    /** AdminOverviewResource get. */
    async overview(ctx: RequestContext, resource: string) {
      await requireStaff(ctx, resource);
      const [servers, queue, sizes, errors] = await Promise.all([
        adminRepo.liveServers(db),
        jobs.overview(LISTED),
        adminRepo.sizesAndCounts(db),
        adminRepo.recentErrors(db, LISTED),
      ]);
      return {
        servers: servers.map((s) => ({
          worker_id: s.worker_id,
          host: s.host,
          pid: s.pid,
          version: s.version,
          has_redis: s.has_redis,
          started_at: s.started_at.toISOString(),
          heartbeat_at: s.heartbeat_at.toISOString(),
          uptime_seconds: s.uptime_seconds,
        })),
        queues: queue.queues,
        failed_jobs: queue.failed.map((j) => ({
          id: j.id,
          queue: j.name,
          attempts: j.retry_count + 1,
          message: j.message ?? '',
          created_at: j.created_on.toISOString(),
          failed_at: j.completed_on?.toISOString() ?? null,
        })),
        storage: { database_bytes: sizes.databaseBytes, media_recorded_bytes: sizes.mediaRecordedBytes },
        counts: { people: sizes.people, boards: sizes.boards, pins: sizes.pins },
        errors: errors.map((e) => ({ ...e, at: e.at.toISOString() })),
        generated_at: new Date().toISOString(),
      };
    },

    /** AdminJobRetryResource create: a failed job back to be run. */
    async retryJob(ctx: RequestContext, resource: string, job: { queue: string; id: string }) {
      await requireStaff(ctx, resource);
      if (!(await jobs.retryFailed(job.queue, job.id))) throw notFound();
      return { queue: job.queue, id: job.id, state: 'retry' as const };
    },

    /** AdminJobDiscardResource create: a failed job deleted. */
    async discardJob(ctx: RequestContext, resource: string, job: { queue: string; id: string }) {
      await requireStaff(ctx, resource);
      if (!(await jobs.discardFailed(job.queue, job.id))) throw notFound();
      return { queue: job.queue, id: job.id, state: 'discarded' as const };
    },

    /**
     * Records a 5xx answer after it was sent, without waiting: a failed write is dropped (the answer has gone; the
     * log has the error), and beyond a few writes at once the record is dropped too. Resolves when written or dropped.
     */
    recordError(e: Omit<ServerError, 'worker_id' | 'host'>): Promise<void> {
      if (writesInFlight >= MAX_WRITES_IN_FLIGHT) return Promise.resolve();
      writesInFlight++;
      return adminRepo
        .recordError(db, { ...e, message: e.message.slice(0, MESSAGE_CHARS), worker_id: currentWorkerId(), host })
        .catch(() => {})
        .finally(() => {
          writesInFlight--;
        });
    },
  };
}
