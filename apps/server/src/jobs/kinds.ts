/**
 * Every kind of background job, in one table (decision 053). A new kind is
 * one entry: its name, the zod schema of its payload, its retry policy, how
 * long a run may hold its claim, how many run at once on a server, and its
 * handler. `queue.send(name, payload)` is typed from this table.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { VideoTools } from '../media-pipeline/ffmpeg';
import type { MediaStore } from '../media-pipeline/media-store';
import { importJobPayload, type ImportJobs } from '../modules/imports';
import { exportJobPayload, type ExportJobs } from '../modules/exports';
import { bulkImagePayload, DraftImageRefused, type BulkUploadsService } from '../modules/bulk-uploads';
import { notifyPayload, type NotificationJobs } from '../modules/notifications';
import { runTranscode, TranscodeFailed, transcodePayload } from '../modules/pins';
import { deliverPush, pushJobPayload, PushRefused } from '../modules/push';
import { runHourlyJobs, type HousekeepingServices } from './hourly';
import { JobFailedForGood, type JobKind } from './job-kind';

/** What the handlers use. */
export interface JobDeps {
  config: Config;
  db: Db;
  media: MediaStore;
  /** The services the handlers call (housekeeping's purges). */
  services: HousekeepingServices & {
    notifications: NotificationJobs;
    imports: ImportJobs;
    exports: ExportJobs;
    bulkUploads: Pick<BulkUploadsService, 'runImageJob'>;
  };
  /** The adapter that really delivers mail (SMTP or the outbox folder); services hand mail to the queue instead. */
  mailTransport: Mailer;
  /** ffmpeg and ffprobe, or null: this server transcodes nothing. */
  videoTools: VideoTools | null;
  log: FastifyBaseLogger;
}

/** One entry of the table, its payload type read from its schema. */
const jobKind = <P>(kind: JobKind<P, JobDeps>) => kind;

const mailPayload = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

export const JOB_KINDS = {
  /** A video's renditions or a GIF's MP4 (decision 032). Retried only when a run is cut short (its server stopped or died). */
  transcode: jobKind({
    name: 'transcode',
    payload: transcodePayload,
    retry: { limit: 3, delaySeconds: 1, backoff: true },
    expireSeconds: (c) => c.videoTranscodeTimeoutMs / 1000 + 60,
    concurrency: (c, deps) => (deps.videoTools ? c.videoTranscodeConcurrency : 0),
    async run(job, { deps, signal, lastAttempt, log }) {
      if (!deps.videoTools) throw new Error('This server has no ffmpeg.');
      try {
        await runTranscode(job, {
          db: deps.db,
          media: deps.media,
          tools: deps.videoTools,
          timeoutMs: deps.config.videoTranscodeTimeoutMs,
          signal,
          lastAttempt,
          log,
        });
      } catch (err) {
        // The Pin shows the failure and offers its retry; the job keeps the reason.
        if (err instanceof TranscodeFailed) throw new JobFailedForGood(err.message, { cause: err });
        throw err;
      }
    },
  }),

  /**
   * One outgoing mail: retried with backoff while the mail server cannot be reached or answers "try later" (about two
   * days), failed for good when it refuses the mail (a 5xx answer: the same mail is refused again); deleted once sent
   * (its text holds links).
   */
  mail: jobKind({
    name: 'mail',
    payload: mailPayload,
    retry: { limit: 14, delaySeconds: 5, backoff: true },
    expireSeconds: () => 600,
    concurrency: () => 2,
    forgetWhenDone: true,
    async run(message, { deps }) {
      try {
        await deps.mailTransport.send(message);
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode ?? 0;
        if (code >= 500 && code < 600) throw new JobFailedForGood((err as Error).message, { cause: err });
        throw err;
      }
    },
  }),

  /**
   * One Web Push to one subscription (decision 088): retried with backoff while the push service cannot be reached or
   * answers 429 or 5xx (about 15 minutes), failed for good when it refuses the push; either way a failure after the
   * last try counts against the subscription. Deleted once sent (its text is a notification's).
   */
  push: jobKind({
    name: 'push',
    payload: pushJobPayload,
    retry: { limit: 5, delaySeconds: 30, backoff: true },
    expireSeconds: () => 120,
    concurrency: () => 4,
    forgetWhenDone: true,
    async run(job, { deps, signal, lastAttempt }) {
      try {
        await deliverPush(job, { db: deps.db, config: deps.config, signal, lastAttempt });
      } catch (err) {
        if (err instanceof PushRefused) throw new JobFailedForGood(err.message, { cause: err });
        throw err;
      }
    },
  }),

  /** Who is told about what happened (decision 086): made by the notifications module's reactions, retried a few times. */
  notify: jobKind({
    name: 'notify',
    payload: notifyPayload,
    retry: { limit: 5, delaySeconds: 5, backoff: true },
    expireSeconds: () => 300,
    concurrency: () => 2,
    async run(payload, { deps }) {
      await deps.services.notifications.runJob(payload);
    },
  }),

  /**
   * One run of a Pinterest export's import (decision 094), or of its Retry failed. A run handed back (its server
   * stopped) or cut short starts again and skips the Pins it already handled; on its last attempt an import that
   * cannot finish is marked failed.
   */
  import: jobKind({
    name: 'import',
    payload: importJobPayload,
    retry: { limit: 5, delaySeconds: 1, backoff: true },
    expireSeconds: () => 4 * 3600,
    concurrency: () => 2,
    async run(payload, { deps, signal, lastAttempt, log }) {
      await deps.services.imports.runJob(payload, { signal, lastAttempt, log });
    },
  }),

  /**
   * One data export (decision 096): its ZIP written into the media store, its owner told. Retried when a run is cut
   * short or fails; after the last try the export shows as failed.
   */
  export: jobKind({
    name: 'export',
    payload: exportJobPayload,
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    expireSeconds: () => 2 * 3600,
    concurrency: () => 1,
    async run(payload, { deps, signal, lastAttempt }) {
      await deps.services.exports.runJob(payload, { signal, lastAttempt });
    },
  }),

  /** The weekly notification digest (decision 086): looks every NOTIFICATION_DIGEST_INTERVAL_SECONDS; each person gets one a week at most. */
  'notification-digest': jobKind({
    name: 'notification-digest',
    payload: z.object({}),
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    expireSeconds: () => 30 * 60,
    concurrency: () => 1,
    everySeconds: (c) => c.notificationDigestIntervalSeconds,
    async run(_payload, { deps }) {
      const sent = await deps.services.notifications.sendDigests();
      if (sent > 0) deps.log.info({ sent }, 'notification digests mailed');
    },
  }),

  /**
   * A bulk upload's image, its last byte stored (decision 098): its sizes made and stored, its draft ready (or a
   * duplicate, or failed with the reason). Retried with backoff while the image queue is full or the store cannot be
   * reached; an image refused fails for good.
   */
  'bulk-image': jobKind({
    name: 'bulk-image',
    payload: bulkImagePayload,
    retry: { limit: 5, delaySeconds: 2, backoff: true },
    expireSeconds: () => 300,
    concurrency: () => 2,
    async run(payload, { deps, lastAttempt }) {
      try {
        await deps.services.bulkUploads.runImageJob(payload, lastAttempt);
      } catch (err) {
        // The draft shows the reason; no retry reads the image differently.
        if (err instanceof DraftImageRefused) throw new JobFailedForGood(err.message, { cause: err });
        throw err;
      }
    },
  }),

  /** The hourly housekeeping (jobs/hourly.ts): once per HOUSEKEEPING_INTERVAL_SECONDS across all servers. */
  housekeeping: jobKind({
    name: 'housekeeping',
    payload: z.object({}),
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    expireSeconds: () => 30 * 60,
    concurrency: () => 1,
    everySeconds: (c) => c.housekeepingIntervalSeconds,
    async run(_payload, { deps }) {
      const started = Date.now();
      await runHourlyJobs({ services: deps.services, db: deps.db, log: deps.log });
      deps.log.info({ ms: Date.now() - started }, 'housekeeping done');
    },
  }),
};

export type JobKinds = typeof JOB_KINDS;
export type JobName = keyof JobKinds;
