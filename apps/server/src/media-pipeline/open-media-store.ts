/** The media store the configuration asks for: a bucket when S3_BUCKET is set, else files in DATA_DIR/media (decision 052). */
import { join } from 'node:path';
import { DiskMediaStore } from './disk-media-store';
import type { MediaStore } from './media-store';
import { S3MediaStore, type S3Settings } from './s3-media-store';

/** The configuration's part that picks the store (config.ts: DATA_DIR and S3_*); the pipeline reads no configuration of its own. */
export interface MediaStoreSettings {
  dataDir: string;
  s3: S3Settings | null;
}

export function openMediaStore(config: MediaStoreSettings): MediaStore {
  return config.s3 ? new S3MediaStore(config.s3) : new DiskMediaStore(join(config.dataDir, 'media'));
}

/** Where the store is, for the start-up line. */
export function describeMediaStore(config: MediaStoreSettings): string {
  if (!config.s3) return `on disk in ${join(config.dataDir, 'media')}`;
  return `in the bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`;
}
