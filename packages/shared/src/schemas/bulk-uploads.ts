/**
 * Bulk upload (decision 098): up to BULK_UPLOAD_MAX_FILES images of one batch
 * are uploaded with tus to /v3/uploads/ and become draft Pins of their
 * uploader's; these read, edit and delete the drafts and publish a batch.
 */
import { z } from 'zod';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX } from '../constants/limits';
import { MESSAGES } from '../constants/messages';
import { interpolate } from '../text/interpolate';
import { isValidLink } from '../text/links';
import { zId, zReadExtras } from './common';

const tooLong = (maxLength: number) => interpolate(MESSAGES.board.tooLong, { maxLength });

/** Images in one batch at most. */
export const BULK_UPLOAD_MAX_FILES = 200;

/** A batch's id, chosen by the browser that starts it (it is only ever read with its owner's id). */
export const zBatchId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'batch_id: not a batch.');

/** A draft's state: its bytes are arriving, its sizes are being made, it can be published, it failed, or it repeats an earlier draft. */
const DRAFT_STATUSES = ['uploading', 'processing', 'ready', 'failed', 'duplicate'] as const;
export type TDraftStatus = (typeof DRAFT_STATUSES)[number];

/** BulkUploadResource get: the drafts of one of one's batches, oldest first. */
export const zListDrafts = z.strictObject({ batch_id: zBatchId, ...zReadExtras });

/** BulkUploadResource update: a draft's details. */
export const zUpdateDraft = z.strictObject({
  id: zId,
  title: z.string().trim().max(PIN_TITLE_MAX, tooLong(PIN_TITLE_MAX)).optional(),
  description: z.string().trim().max(PIN_DESCRIPTION_MAX, tooLong(PIN_DESCRIPTION_MAX)).optional(),
  link: z.string().trim().max(2048).refine(isValidLink, MESSAGES.invalidUrl).optional(),
});
export type TUpdateDraft = z.infer<typeof zUpdateDraft>;

/** BulkUploadResource delete: one draft. */
export const zDeleteDraft = z.strictObject({ id: zId });

/** BulkUploadPublishResource create: every ready draft of the batch onto a board (and a section of it). */
export const zPublishDrafts = z.strictObject({
  batch_id: zBatchId,
  board_id: zId,
  section_id: zId.optional(),
});
export type TPublishDrafts = z.infer<typeof zPublishDrafts>;

/** One draft as its owner reads it. */
export const zDraftOut = z.strictObject({
  id: z.string(),
  batch_id: z.string(),
  file_name: z.string(),
  status: z.enum(DRAFT_STATUSES),
  /** A `serverErrors.*` key when failed. */
  failure: z.string().nullable(),
  duplicate_of: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  /** The 236x thumbnail once ready. */
  thumbnail_url: z.string().nullable(),
  dominant_color: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type TDraft = z.infer<typeof zDraftOut>;

/** What publishing a batch did: the Pins made, and the drafts left out as exact duplicates of another. */
export const zPublishedDraftsOut = z.strictObject({
  pin_ids: z.array(z.string()),
  duplicates: z.array(z.strictObject({ id: z.string(), duplicate_of: z.string() })),
  /** Drafts not ready (still processing, or failed): kept. */
  not_ready: z.number().int(),
});

export const zDeletedDraftOut = z.strictObject({ id: z.string() });
