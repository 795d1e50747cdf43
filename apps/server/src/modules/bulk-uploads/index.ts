/** The bulk-uploads module's public face: its job's payload (jobs/kinds.ts) and its service's type. */
export { bulkImagePayload, DraftImageRefused, type BulkUploadsService } from './bulk-uploads.service';
