/**
 * One video transcode, run by the job queue (decision 053; the renditions:
 * decision 032): a Pin's video, an Idea Pin page's video, or a GIF's looping
 * MP4. The job is made in the transaction that makes (or retries) what it is
 * for; a job whose Pin is gone or no longer processing does nothing.
 *
 * A transcode that fails marks its Pin `failed` with a reason (its upload is
 * kept for a retry) and fails for good: the same file fails the same way
 * again. A run cut short by its server stopping is retried; the run after
 * three such tries marks the Pin failed instead. A job whose Pin was deleted
 * meanwhile removes what it wrote.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ToolFailedError, type VideoTools } from '../../media-pipeline/ffmpeg';
import type { MediaStore } from '../../media-pipeline/media-store';
import { probeVideo, VideoRejectedError } from '../../media-pipeline/probe-video';
import { transcodeGif, transcodeVideo } from '../../media-pipeline/transcode-video';
import { observeTranscode } from '../../metrics';
import { pinsRepo, type StoredVideo } from './pins.repo';

/** What a transcode job carries. */
export const transcodePayload = z.object({
  media_base: z.string().min(1),
  /** What the job makes: a video's renditions, or a GIF's looping MP4. */
  kind: z.enum(['video', 'gif']),
  pin_id: z.string().nullable(),
  story_media_id: z.string().nullable(),
  source_key: z.string().min(1),
});
export type TranscodeJob = z.infer<typeof transcodePayload>;

/** Enqueues a transcode in the transaction that made (or retries) what it is for. */
export type EnqueueTranscode = (tx: Db, job: TranscodeJob) => Promise<void>;

/** A transcode that did not finish: the message is the reason its Pin shows. */
export class TranscodeFailed extends Error {}

export interface TranscodeContext {
  db: Db;
  media: MediaStore;
  tools: VideoTools;
  timeoutMs: number;
  /** Aborted when the server stops: the transcode is killed and the job goes back to the queue. */
  signal: AbortSignal;
  /** No retry follows: a run cut short now leaves the Pin failed. */
  lastAttempt: boolean;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
}

/**
 * Runs one transcode. Throws TranscodeFailed (the Pin is marked failed: no retry helps) or, when the server
 * stopped, the abort (the job is retried).
 */
export async function runTranscode(job: TranscodeJob, o: TranscodeContext): Promise<void> {
  if (!(await pinsRepo.videoStillProcessing(o.db, job))) return; // deleted, or finished by an earlier run
  if (o.lastAttempt) {
    const reason = 'Processing this video stopped several times. Try again.';
    await pinsRepo.failVideo(o.db, job, reason);
    throw new TranscodeFailed(reason);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'pinboard-video-'));
  const started = Date.now();
  const written: string[] = [];
  try {
    const source = path.join(dir, 'source');
    if (!(await o.media.getToFile(job.source_key, source))) {
      // The Pin went (and its upload with it) before the job ran.
      await pinsRepo.failVideo(o.db, job, 'The uploaded video is gone.');
      throw new TranscodeFailed('The uploaded video is gone.');
    }
    const name = job.media_base.slice(job.media_base.lastIndexOf('/') + 1);
    const limits = { timeoutMs: o.timeoutMs, signal: o.signal };
    // A GIF (checked by its bytes at upload) becomes one looping MP4; a video is probed again, then transcoded.
    const probed = job.kind === 'gif' ? null : await probeVideo(o.tools, source);
    // ffmpeg's time, by whether it gave an output (the metrics' transcode histogram, decision 104).
    const transcodeStarted = performance.now();
    const transcoding = probed ? transcodeVideo(o.tools, source, probed, dir, name, limits) : transcodeGif(o.tools, source, dir, name, limits);
    const out = await transcoding.then(
      (done) => {
        observeTranscode(true, (performance.now() - transcodeStarted) / 1000);
        return done;
      },
      (err: unknown) => {
        observeTranscode(false, (performance.now() - transcodeStarted) / 1000);
        throw err;
      },
    );
    o.signal.throwIfAborted();
    const prefix = job.media_base.slice(0, job.media_base.lastIndexOf('/') + 1);
    for (const f of out.files) {
      await o.media.putFile(prefix + f.name, path.join(dir, f.name), f.contentType);
      written.push(prefix + f.name);
    }
    o.signal.throwIfAborted();
    const video: StoredVideo = {
      width: out.width,
      height: out.height,
      duration_ms: out.durationMs || probed?.durationMs || 0,
      mp4: prefix + out.mp4,
      hlsv4: prefix + out.hlsv4,
      hlsv3: prefix + out.hlsv3,
      keys: written,
    };
    const kept = await o.db.tx((tx) => pinsRepo.finishVideo(tx, job, video));
    if (!kept) {
      await o.media.delete(written).catch(() => {});
      return;
    }
    // The upload is not needed once its renditions exist.
    await o.media.delete([job.source_key]).catch(() => {});
    o.log.info({ pin: job.pin_id, storyMedia: job.story_media_id, ms: Date.now() - started, durationMs: video.duration_ms }, 'video transcoded');
  } catch (err) {
    await o.media.delete(written).catch(() => {});
    if (o.signal.aborted || err instanceof TranscodeFailed) throw err; // stopped with the server: the job goes back
    const reason =
      err instanceof VideoRejectedError
        ? err.message.replace(/^video: /, '')
        : err instanceof ToolFailedError && err.timedOut
          ? 'Processing this video took too long.'
          : 'This video could not be processed.';
    o.log.error({ err, pin: job.pin_id }, 'video transcode failed');
    await pinsRepo.failVideo(o.db, job, reason);
    throw new TranscodeFailed(reason, { cause: err });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
