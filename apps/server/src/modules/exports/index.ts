/**
 * The exports module's public face (decision 096): what the job queue runs and housekeeping calls. The format
 * of its ZIP is the shared schema's (`@pinboard/shared/schemas/export-format`), which the imports module reads.
 */
import { z } from 'zod';
import type { ExportsService } from './exports.service';

/** What the `export` job and the hourly housekeeping call (jobs/kinds.ts, jobs/hourly.ts). */
export type ExportJobs = Pick<ExportsService, 'runJob' | 'purgeExpired'>;

export const exportJobPayload = z.object({ exportId: z.string().regex(/^\d{1,19}$/) });
