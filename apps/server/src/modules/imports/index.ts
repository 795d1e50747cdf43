/** The imports module's public face: what the job queue's `import` kind runs (decision 094). */
import type { ImportsService } from './imports.service';

export { importJobPayload } from './imports.service';
/** What the queue's `import` job calls (jobs/kinds.ts). */
export type ImportJobs = Pick<ImportsService, 'runJob'>;
