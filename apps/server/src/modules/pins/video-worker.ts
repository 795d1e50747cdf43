/**
 * Runs video transcodes from the queue in PostgreSQL (`video_jobs`,
 * decision 032): at most `concurrency` at once on this server, each within
 * its time limit. A job is claimed with a lease past that limit, so a job
 * whose server stopped is claimed again when the lease ends (at most three
 * tries). Workers wake on the `video_jobs` notice a new job sends at commit,
 * and look for expired leases once a minute.
 *
 * A transcode that fails marks its Pin `failed` with a reason (its upload is
 * kept for a retry); one whose Pin was deleted meanwhile removes what it
 * wrote.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/client';
import { findVideoTools, ToolFailedError, type VideoTools } from '../../media/ffmpeg';
import type { MediaStore } from '../../media/media-store';
import { probeVideo, VideoRejectedError } from '../../media/probe-video';
import { transcodeGif, transcodeVideo } from '../../media/transcode-video';
import { pinsRepo, type StoredVideo, type VideoJob } from './pins.repo';

const MAX_ATTEMPTS = 3;
const SWEEP_MS = 60_000;

export interface VideoWorkerOptions {
  db: Db;
  media: MediaStore;
  concurrency: number;
  timeoutMs: number;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
  tools?: VideoTools | null;
}

export class VideoWorker {
  private running = 0;
  private stopped = true;
  private polling = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly tools: VideoTools | null;

  constructor(private readonly o: VideoWorkerOptions) {
    this.tools = o.tools === undefined ? findVideoTools() : o.tools;
  }

  async start() {
    if (this.o.concurrency === 0 || !this.tools) return;
    this.stopped = false;
    this.unlisten = await this.o.db.listen('video_jobs', {
      onNotify: () => this.poll(),
      onListening: (on) => {
        if (on) this.poll();
      },
    });
    this.timer = setInterval(() => this.poll(), SWEEP_MS);
    this.timer.unref();
  }

  /** Stops claiming; running transcodes are stopped (their leases end and another start claims them again). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.abort.abort();
    await this.unlisten?.();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Claims jobs while there is room. */
  poll() {
    if (this.stopped) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    this.polling = true;
    void (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && this.running < this.o.concurrency) {
            const job = await pinsRepo.claimVideoJob(this.o.db, this.o.timeoutMs + 60_000);
            if (!job) break;
            this.running++;
            const p = this.run(job).finally(() => {
              this.running--;
              this.inFlight.delete(p);
              this.poll();
            });
            this.inFlight.add(p);
          }
        } while (this.again && !this.stopped);
      } catch (err) {
        if (!this.stopped) this.o.log.error({ err }, 'claiming a video job');
      } finally {
        this.polling = false;
      }
    })();
  }

  private async run(job: VideoJob) {
    if (job.attempts > MAX_ATTEMPTS) {
      await pinsRepo.failVideo(this.o.db, job, 'Processing this video stopped several times. Try again.');
      return;
    }
    const dir = await mkdtemp(path.join(tmpdir(), 'pinboard-video-'));
    const started = Date.now();
    const written: string[] = [];
    try {
      const source = path.join(dir, 'source');
      if (!(await this.o.media.getToFile(job.source_key, source))) {
        // The Pin went (and its upload with it) before the job ran.
        await pinsRepo.failVideo(this.o.db, job, 'The uploaded video is gone.');
        return;
      }
      const name = job.media_base.slice(job.media_base.lastIndexOf('/') + 1);
      const limits = { timeoutMs: this.o.timeoutMs, signal: this.abort.signal };
      // A GIF (checked by its bytes at upload) becomes one looping MP4; a video is probed again, then transcoded.
      const probed = job.kind === 'gif' ? null : await probeVideo(this.tools, source);
      const out = probed ? await transcodeVideo(this.tools!, source, probed, dir, name, limits) : await transcodeGif(this.tools!, source, dir, name, limits);
      if (this.stopped) return;
      const prefix = job.media_base.slice(0, job.media_base.lastIndexOf('/') + 1);
      for (const f of out.files) {
        await this.o.media.putFile(prefix + f.name, path.join(dir, f.name), f.contentType);
        written.push(prefix + f.name);
      }
      const video: StoredVideo = {
        width: out.width,
        height: out.height,
        duration_ms: out.durationMs || probed?.durationMs || 0,
        mp4: prefix + out.mp4,
        hlsv4: prefix + out.hlsv4,
        hlsv3: prefix + out.hlsv3,
        keys: written,
      };
      const kept = await this.o.db.tx((tx) => pinsRepo.finishVideo(tx, job, video));
      if (!kept) {
        await this.o.media.delete(written).catch(() => {});
        return;
      }
      // The upload is not needed once its renditions exist.
      await this.o.media.delete([job.source_key]).catch(() => {});
      this.o.log.info({ pin: job.pin_id, storyMedia: job.story_media_id, ms: Date.now() - started, durationMs: video.duration_ms }, 'video transcoded');
    } catch (err) {
      await this.o.media.delete(written).catch(() => {});
      if (this.stopped) return; // Stopped with the server: the lease ends and the job runs again.
      const reason =
        err instanceof VideoRejectedError
          ? err.message.replace(/^video: /, '')
          : err instanceof ToolFailedError && err.timedOut
            ? 'Processing this video took too long.'
            : 'This video could not be processed.';
      this.o.log.error({ err, pin: job.pin_id }, 'video transcode failed');
      await pinsRepo.failVideo(this.o.db, job, reason).catch((e: unknown) => this.o.log.error({ err: e }, 'marking a video failed'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
