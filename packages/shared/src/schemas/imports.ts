/**
 * Importing a Pinterest export (decision 094): what `POST /v3/imports/` takes
 * beside its file, and an import as its owner reads it.
 */
import { z } from 'zod';
import { zBookmark, zPageSize } from './common';

/** The largest export file taken: a ZIP of HTML pages, a single HTML or a CSV. */
export const IMPORT_MAX_BYTES = 500 * 1024 * 1024;

/** The multipart fields beside `file`: the privacy of the boards the import makes (secret unless asked). */
export const zStartImport = z.strictObject({
  board_privacy: z.enum(['public', 'secret']).default('secret'),
});

export const zListImports = z.strictObject({ bookmark: zBookmark, page_size: zPageSize });

const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** Why one Pin of the export was not made (its text: imports.reason.<reason>). */
const IMPORT_FAILURE_REASONS = [
  'not_found',
  'server_error',
  'timeout',
  'unreachable',
  'refused',
  'too_large',
  'not_an_image',
  'no_image',
  'board_gone',
] as const;

export const zImportStarted = z.strictObject({ id: z.string(), status: z.enum(IMPORT_STATUSES) });

export const zImportOut = z.strictObject({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  board_privacy: z.enum(['public', 'secret']),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Pins in the export (0 until the job has read it). */
  total: z.number().int(),
  /** Pins handled so far, whatever became of them. */
  done: z.number().int(),
  boards_created: z.number().int(),
  pins_imported: z.number().int(),
  pins_skipped_dead: z.number().int(),
  duplicates_collapsed: z.number().int(),
  images_failed: z.number().int(),
  /** The Pins whose image could not be had (at most the first 200). */
  failures: z.array(z.strictObject({ pin_url: z.string(), title: z.string(), reason: z.enum(IMPORT_FAILURE_REASONS) })),
});
export type TImportOut = z.infer<typeof zImportOut>;
