/**
 * API v5 media uploads (decision 100), for video Pins: `POST /v5/media` registers one (taking the video upload
 * budget) and answers an absolute `upload_url` and the form fields to send with the file; the file is posted
 * there as multipart (like Pinterest's S3 form: no bearer token, the `policy` field is the upload's own token,
 * kept only hashed); it is probed at once (`processing`), then `succeeded` or `failed`; `media_source.video_id`
 * makes a Pin of it through the one creation pipeline, and its stored file goes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import { keyedInvalid } from '../../lib/validation';
import { hashToken, newToken } from '../../lib/tokens';
import { findVideoTools } from '../../media-pipeline/ffmpeg';
import type { MediaStore } from '../../media-pipeline/media-store';
import { probeVideo } from '../../media-pipeline/probe-video';
import type { ActionLimits } from '../../rate-limit/limits';
import { apiV5Repo } from './api-v5.repo';

/** Where an upload's file is sent: `${publicUrl}${UPLOAD_PATH}<media_id>`. */
export const UPLOAD_PATH = '/v5/media/uploads/';

const sourceKeyOf = (id: string) => `api-v5/${id}_upload.src`;

/** How long an upload is kept untouched: one never made into a Pin goes with its file, a used one is forgotten. */
const UPLOAD_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** The housekeeping's: uploads untouched for a week are deleted, with the files never made into a Pin. */
export async function purgeStaleUploads(db: Db, media: MediaStore): Promise<number> {
  let purged = 0;
  for (;;) {
    const stale = await apiV5Repo.deleteStale(db, UPLOAD_MAX_AGE_SECONDS, 100);
    const keys = stale.flatMap((row) => (row.source_key ? [row.source_key] : []));
    if (keys.length) await media.delete(keys);
    purged += stale.length;
    if (stale.length < 100) return purged;
  }
}

export function createMediaUploads({ db, media, limits, publicUrl }: { db: Db; media: MediaStore; limits: ActionLimits; publicUrl: string }) {
  return {
    /** Registers an upload of the viewer's (v5 `MediaUpload`). */
    async register(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      await limits.take('video_upload', ctx);
      const id = newId();
      const token = newToken();
      await apiV5Repo.insertUpload(db, { id, ownerId: viewer.id, uploadHash: hashToken(token) });
      return {
        media_id: id,
        media_type: 'video' as const,
        upload_url: `${publicUrl}${UPLOAD_PATH}${id}`,
        upload_parameters: { key: id, policy: token },
      };
    },

    /**
     * The file of a registered upload (a temporary file), sent with its token: probed and stored, the upload then
     * `succeeded`, or `failed` when it is not a video we take. False when no registered upload has that id and token.
     */
    async receive(id: string, token: string, file: string): Promise<boolean> {
      const claimed = await apiV5Repo.claimForFile(db, id, hashToken(token));
      if (!claimed) return false;
      try {
        await probeVideo(findVideoTools(), file);
        await media.putFile(sourceKeyOf(id), file, 'application/octet-stream');
        await apiV5Repo.finish(db, id, { status: 'succeeded', sourceKey: sourceKeyOf(id) });
      } catch {
        await apiV5Repo.finish(db, id, { status: 'failed' });
      }
      return true;
    },

    /** The viewer's upload and its state (v5 `Media`), else 404. */
    async status(ctx: RequestContext, id: string) {
      const viewer = requireViewer(ctx);
      const row = await apiV5Repo.ownUpload(db, id, viewer.id);
      if (!row) throw notFound('upload');
      return { media_id: row.id, media_type: row.media_type, status: row.status };
    },

    /**
     * Hands the viewer's succeeded upload to `use` as a local file, once: a Pin made of it uses it up and its stored
     * file goes; if `use` throws, the upload is left as it was.
     */
    async useUpload<T>(ctx: RequestContext, id: string, use: (file: string) => Promise<T>): Promise<T> {
      const viewer = requireViewer(ctx);
      const key = await apiV5Repo.markUsed(db, id, viewer.id);
      if (!key) {
        const row = await apiV5Repo.ownUpload(db, id, viewer.id);
        if (!row) throw keyedInvalid('media_source.media_id', 'apiV5.uploadUnknown');
        if (row.used_at) throw keyedInvalid('media_source.media_id', 'apiV5.uploadUsed');
        throw keyedInvalid('media_source.media_id', 'apiV5.uploadNotReady', { status: row.status });
      }
      const dir = await mkdtemp(path.join(tmpdir(), 'pinboard-v5-media-'));
      try {
        const file = path.join(dir, 'video');
        if (!(await media.getToFile(key, file))) throw keyedInvalid('media_source.media_id', 'apiV5.uploadUnknown');
        const result = await use(file);
        await media.delete([key]).catch(() => {});
        return result;
      } catch (err) {
        await apiV5Repo.unmarkUsed(db, id, key);
        throw err;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type MediaUploads = ReturnType<typeof createMediaUploads>;
