/**
 * Data exports (decision 096): `POST /v3/exports/` asks for one, `GET /v3/exports/{id}/` reads its state and, once
 * it is done, the address of its download (the owner's alone, for 7 days); `GET /v3/exports/` lists one's own.
 */
import { z } from 'zod';
import { zId } from './common';

const zExportStatus = z.enum(['queued', 'running', 'done', 'failed']);

export const zExportOut = z.strictObject({
  id: zId,
  status: zExportStatus,
  created_at: z.string(),
  /** Once done: the end of the download's 7 days; null before. */
  expires_at: z.string().nullable(),
  /** Once done and until it expires: the route that sends the ZIP to its owner. */
  download_url: z.string().optional(),
  /** Once done: the ZIP's size in bytes. */
  size: z.number().int().nonnegative().optional(),
});

export const zExportRequested = z.strictObject({ id: zId, status: zExportStatus });
