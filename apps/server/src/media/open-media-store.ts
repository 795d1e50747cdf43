/** The media store the configuration asks for: a bucket when S3_BUCKET is set, else files in DATA_DIR/media (decision 052). */
import { join } from 'node:path';
import type { Config } from '../config';
import { DiskMediaStore } from './disk-media-store';
import type { MediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';

export function openMediaStore(config: Pick<Config, 'dataDir' | 's3'>): MediaStore {
  return config.s3 ? new S3MediaStore(config.s3) : new DiskMediaStore(join(config.dataDir, 'media'));
}

/** Where the store is, for the start-up line. */
export function describeMediaStore(config: Pick<Config, 'dataDir' | 's3'>): string {
  if (!config.s3) return `on disk in ${join(config.dataDir, 'media')}`;
  return `in the bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`;
}
