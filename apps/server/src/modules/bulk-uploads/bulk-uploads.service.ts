/**
 * Bulk upload (decision 098): a person uploads up to BULK_UPLOAD_MAX_FILES
 * images of one batch with tus (resumable: a dropped connection goes on from
 * the last byte stored) to /v3/uploads/. Each upload is a draft Pin of theirs
 * from its creation; when its last byte arrives, a job of the queue reads it,
 * makes its sizes like any uploaded image and records its SHA-256 (a draft
 * with the same bytes as one its batch recorded before is a duplicate, never
 * processed twice). Publishing the batch makes a Pin of each ready draft
 * through the one creation pipeline, in order, leaving out duplicates; drafts
 * never published are purged by the housekeeping after a week. Only their
 * owner ever sees a draft or its upload: anyone else gets 404.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { IMAGE_MAX_BYTES } from '@pinboard/shared/constants/limits';
import { BULK_UPLOAD_MAX_FILES, zBatchId, type TDraft, type TPublishDrafts, type TUpdateDraft } from '@pinboard/shared/schemas/bulk-uploads';
import { Server as TusServer } from '@tus/server';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { keyedError, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext, type Viewer } from '../../lib/context';
import { newId } from '../../lib/ids';
import { IMAGE_REJECTION_KEYS, ImageRejectedError } from '../../media-pipeline/image-errors';
import type { MediaStore } from '../../media-pipeline/media-store';
import type { MediaStoreSettings } from '../../media-pipeline/open-media-store';
import { processImage } from '../../media-pipeline/process-image';
import { storeImage } from '../../media-pipeline/store-image';
import type { ActionLimits } from '../../rate-limit/limits';
import type { CreatePin } from '../pins';
import { bulkUploadsRepo, type DraftImage, type DraftRow } from './bulk-uploads.repo';
import { openUploadStore } from './upload-store';

/** Where tus answers; an upload's address is this and its id. */
export const UPLOADS_PATH = '/v3/uploads';
/** A draft untouched this long is purged with its files (a week). */
const DRAFT_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** The job's payload: one finished upload's draft. */
export const bulkImagePayload = z.object({ draft_id: z.string() });
export type BulkImageJob = z.infer<typeof bulkImagePayload>;

/** An image the job refused for good (not an image, too many pixels): no retry helps. */
export class DraftImageRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DraftImageRefused';
  }
}

/** How a finished upload's job is queued, in the transaction that marks its draft (the app's job queue). */
interface DraftJobs {
  send(name: 'bulk-image', payload: BulkImageJob, opts: { tx: Db }): Promise<void>;
}

/** What the POST route checked, handed to tus's creation hook with the request. */
interface Creation {
  ownerId: string;
  batchId: string;
  fileName: string;
}

const mediaKeysOf = (images: DraftRow['images']) => [...new Set(Object.values(images ?? {}).map((v) => v.url.replace(/^\/media\//, '')))];

/** `Upload-Metadata`: comma-separated `key base64value` pairs (tus 1.0.0). */
function parseUploadMetadata(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out.set(key, value ? Buffer.from(value, 'base64').toString('utf8') : '');
  }
  return out;
}

function presentDraft(d: DraftRow): TDraft {
  return {
    id: d.id,
    batch_id: d.batch_id,
    file_name: d.file_name,
    status: d.status,
    failure: d.failure,
    duplicate_of: d.duplicate_of,
    title: d.title,
    description: d.description,
    link: d.link,
    thumbnail_url: d.images?.['236x']?.url ?? null,
    dominant_color: d.dominant_color,
    width: d.width,
    height: d.height,
  };
}

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      stream.destroy();
      throw new ImageRejectedError('too_large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function createBulkUploadsService({
  db,
  media,
  config,
  createPin,
  limits,
  jobs,
}: {
  db: Db;
  media: MediaStore;
  config: MediaStoreSettings;
  /** The Pin creation pipeline (pins; decision 082). */
  createPin: CreatePin;
  limits: ActionLimits;
  jobs: DraftJobs;
}) {
  const uploads = openUploadStore(config);
  const creations = new WeakMap<IncomingMessage, Creation>();

  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore: uploads.store,
    maxSize: IMAGE_MAX_BYTES,
    relativeLocation: true,
    // Same origin only: no CORS grant to any other (tus grants every origin by default).
    allowedOrigins: () => false,
    // The draft is made with its upload, in the creating request (the route checked who and what).
    async onUploadCreate(req, upload) {
      const nodeReq = (req as unknown as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
      const creation = nodeReq ? creations.get(nodeReq) : undefined;
      if (!creation) throw { status_code: 404, body: 'Not found\n' };
      await bulkUploadsRepo.insert(db, {
        id: newId(),
        owner_id: creation.ownerId,
        batch_id: creation.batchId,
        upload_id: upload.id,
        file_name: creation.fileName,
      });
      return {};
    },
    // The last byte is stored: the draft is processed by the queue, never in the request.
    async onUploadFinish(_req, upload) {
      await db.tx(async (tx) => {
        const draftId = await bulkUploadsRepo.markProcessing(tx, upload.id);
        if (draftId) await jobs.send('bulk-image', { draft_id: draftId }, { tx });
      });
      return {};
    },
  });

  async function ownDraft(viewer: Viewer, id: string) {
    const draft = await bulkUploadsRepo.ownById(db, viewer.id, id);
    if (!draft) throw notFound('upload');
    return draft;
  }

  /** Removes a draft's files: its stored sizes, and its upload if the job has not read it yet. */
  async function dropFiles(draft: DraftRow) {
    const keys = mediaKeysOf(draft.images);
    if (keys.length > 0) await media.delete(keys).catch(() => {});
    if (draft.upload_id) await uploads.remove(draft.upload_id).catch(() => {});
  }

  return {
    /**
     * POST /v3/uploads/: a new upload of a batch (`Upload-Metadata`: batch, filename), checked before tus sees it so
     * that a refusal is the contract's envelope: the size (at most IMAGE_MAX_BYTES, given up front), the batch's
     * count, then the person's `bulk_upload` budget (429 past it). tus then makes the upload and its draft.
     */
    async checkNewUpload(ctx: RequestContext, raw: IncomingMessage) {
      const viewer = requireViewer(ctx);
      const given = raw.headers['upload-length'];
      const length = Number(given);
      if (given === undefined || given === '' || !Number.isSafeInteger(length) || length < 0 || raw.headers['upload-concat'] !== undefined) {
        throw keyedError('INVALID_INPUT', 'bulkUpload.lengthNeeded');
      }
      if (length > IMAGE_MAX_BYTES) throw keyedError('TOO_LARGE', 'media.imageTooLarge');
      const metadata = parseUploadMetadata(raw.headers['upload-metadata'] as string | undefined);
      const batch = zBatchId.safeParse(metadata.get('batch'));
      if (!batch.success) throw keyedError('INVALID_INPUT', 'bulkUpload.batchNeeded');
      if ((await bulkUploadsRepo.countInBatch(db, viewer.id, batch.data)) >= BULK_UPLOAD_MAX_FILES) {
        throw keyedError('INVALID_INPUT', 'bulkUpload.tooMany', { max: BULK_UPLOAD_MAX_FILES });
      }
      await limits.take('bulk_upload', ctx);
      creations.set(raw, { ownerId: viewer.id, batchId: batch.data, fileName: (metadata.get('filename') ?? '').slice(0, 255) });
    },

    /** HEAD and PATCH of an upload: its owner's only (404 for anyone else, as for one that is not there). */
    async checkUpload(ctx: RequestContext, uploadId: string) {
      const viewer = requireViewer(ctx);
      if (!(await bulkUploadsRepo.ownByUpload(db, viewer.id, uploadId))) throw notFound('upload');
    },

    /** DELETE of an upload (tus termination): its draft goes with it. */
    async deleteUpload(ctx: RequestContext, uploadId: string) {
      const viewer = requireViewer(ctx);
      const draft = await bulkUploadsRepo.ownByUpload(db, viewer.id, uploadId);
      const deleted = draft ? await bulkUploadsRepo.delete(db, viewer.id, draft.id) : null;
      if (!deleted) throw notFound('upload');
      await dropFiles(deleted);
    },

    /** Hands a checked request to tus, which answers it. */
    tus: (raw: IncomingMessage, res: ServerResponse) => tus.handle(raw, res),

    /** BulkUploadResource get: the drafts of one of one's batches, oldest first. */
    async list(ctx: RequestContext, batchId: string) {
      const viewer = requireViewer(ctx);
      return (await bulkUploadsRepo.listBatch(db, viewer.id, batchId)).map(presentDraft);
    },

    async update(ctx: RequestContext, input: TUpdateDraft) {
      const viewer = requireViewer(ctx);
      const row = await bulkUploadsRepo.updateDetails(db, viewer.id, input.id, input);
      if (!row) throw notFound('upload');
      return presentDraft(row);
    },

    async delete(ctx: RequestContext, id: string) {
      const viewer = requireViewer(ctx);
      const draft = await bulkUploadsRepo.delete(db, viewer.id, (await ownDraft(viewer, id)).id);
      if (!draft) throw notFound('upload');
      await dropFiles(draft);
      return { id: draft.id };
    },

    /**
     * Publishes every ready draft of the batch onto the board (and section), oldest first, each through the one
     * creation pipeline (a `processed` source: its budget was taken when it was uploaded); a draft with the same
     * bytes as one published before it is left out, reported and deleted. Drafts not ready stay.
     */
    async publish(ctx: RequestContext, input: TPublishDrafts) {
      const viewer = requireViewer(ctx);
      const drafts = await bulkUploadsRepo.listBatch(db, viewer.id, input.batch_id);
      if (drafts.length === 0) throw notFound('upload');
      const seen = new Map<string, string>();
      const pinIds: string[] = [];
      const duplicates: { id: string; duplicate_of: string }[] = [];
      let notReady = 0;
      for (const draft of drafts) {
        if (draft.status === 'duplicate' && draft.duplicate_of) {
          duplicates.push({ id: draft.id, duplicate_of: draft.duplicate_of });
          continue;
        }
        if (draft.status !== 'ready' || !draft.media_base || !draft.images) {
          notReady++;
          continue;
        }
        const first = draft.sha256 ? seen.get(draft.sha256) : undefined;
        if (first) {
          // Two copies processed at once: the later one is a duplicate after all, and its files go.
          await bulkUploadsRepo.markDuplicate(db, draft.id, first);
          await dropFiles(draft);
          duplicates.push({ id: draft.id, duplicate_of: first });
          continue;
        }
        if (draft.sha256) seen.set(draft.sha256, draft.id);
        const image: DraftImage = {
          media_base: draft.media_base,
          images: draft.images,
          dominant_color: draft.dominant_color ?? '#cccccc',
          width: draft.width ?? 0,
          height: draft.height ?? 0,
        };
        const pin = await createPin(ctx, {
          source: { kind: 'processed', image },
          details: { title: draft.title, description: draft.description, link: draft.link, method: 'uploaded' },
          placement: { board_id: input.board_id, section_id: input.section_id },
          guid: `draft-${draft.id}`,
          async alsoInTransaction(tx) {
            if (!(await bulkUploadsRepo.deletePublished(tx, viewer.id, draft.id))) throw notFound('upload');
          },
        });
        pinIds.push(pin.id);
      }
      // Reported, the duplicates are done with (none has files of its own left).
      if (duplicates.length > 0)
        await bulkUploadsRepo.deleteDuplicates(
          db,
          viewer.id,
          duplicates.map((d) => d.id),
        );
      return { pin_ids: pinIds, duplicates, not_ready: notReady };
    },

    /**
     * The queue's job (jobs/kinds.ts `bulk-image`): reads the finished upload, records its hash (an exact duplicate of
     * a draft the batch recorded before stops there), makes and stores its sizes, and removes the upload. An image refused
     * (not an image, too many pixels) fails its draft for good with the reason; any other failure is retried, and
     * fails the draft after the last try.
     */
    async runImageJob(job: BulkImageJob, lastAttempt: boolean) {
      const draft = await bulkUploadsRepo.byId(db, job.draft_id);
      if (!draft || draft.status !== 'processing' || !draft.upload_id) return;
      try {
        const bytes = await readAll(await uploads.read(draft.upload_id), IMAGE_MAX_BYTES);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        const duplicateOf = await bulkUploadsRepo.recordHash(db, draft.id, sha256);
        if (duplicateOf) {
          await bulkUploadsRepo.markDuplicate(db, draft.id, duplicateOf);
        } else {
          const stored = await storeImage(media, await processImage(bytes));
          const ready = await bulkUploadsRepo.markReady(db, draft.id, {
            media_base: stored.base,
            images: stored.images,
            dominant_color: stored.dominantColor,
            width: stored.width,
            height: stored.height,
          });
          // Deleted while it was processed: its files go.
          if (!ready) await media.delete(stored.keys).catch(() => {});
        }
      } catch (err) {
        if (err instanceof ImageRejectedError) {
          await bulkUploadsRepo.markFailed(db, draft.id, IMAGE_REJECTION_KEYS[err.reason]);
          await uploads.remove(draft.upload_id).catch(() => {});
          throw new DraftImageRefused(err.message, { cause: err });
        }
        if (lastAttempt) {
          await bulkUploadsRepo.markFailed(db, draft.id, 'bulkUpload.processingFailed');
          await uploads.remove(draft.upload_id).catch(() => {});
        }
        throw err;
      }
      await uploads.remove(draft.upload_id).catch(() => {});
    },

    /** The housekeeping's: drafts untouched for a week go, with their files and unfinished uploads. */
    async purgeStale() {
      let purged = 0;
      for (;;) {
        const stale = await bulkUploadsRepo.deleteStale(db, DRAFT_MAX_AGE_SECONDS, 100);
        for (const draft of stale) await dropFiles(draft);
        purged += stale.length;
        if (stale.length < 100) return purged;
      }
    },
  };
}

export type BulkUploadsService = ReturnType<typeof createBulkUploadsService>;
