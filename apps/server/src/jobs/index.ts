/**
 * The job queue and its kinds (decision 053): `createJobQueue` makes the
 * app's one queue; services enqueue through it, buildApp starts its workers
 * and stops them on close.
 */
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { JobLog } from './job-kind';
import { JOB_KINDS, type JobDeps, type JobKinds } from './kinds';
import { JobQueue } from './queue';

export type { JobName } from './kinds';

export type AppJobQueue = JobQueue<JobDeps, JobKinds>;

export function createJobQueue(o: { db: Db; config: Config; log: JobLog; pollMs?: number }): AppJobQueue {
  return new JobQueue<JobDeps, JobKinds>({ ...o, kinds: JOB_KINDS });
}
