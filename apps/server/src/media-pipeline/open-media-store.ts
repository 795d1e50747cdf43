/** The media store the configuration asks for: a bucket when S3_BUCKET is set, else files in DATA_DIR/media (decision 052). */
import { join } from 'node:path';
import { countMediaOperation } from '../metrics';
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

/**
 * The store with each operation counted for the metrics, by operation and whether it failed (decision 104); a
 * reader's byte streams are counted as their `openRead`. With metrics off, a counter call that does nothing.
 */
export function countingOperations(store: MediaStore): MediaStore {
  const counted = <T>(operation: string, run: () => Promise<T>): Promise<T> =>
    run().then(
      (value) => {
        countMediaOperation(operation, true);
        return value;
      },
      (err: unknown) => {
        countMediaOperation(operation, false);
        throw err;
      },
    );
  return {
    put: (key, data, contentType) => counted('put', () => store.put(key, data, contentType)),
    get: (key) => counted('get', () => store.get(key)),
    delete: (keys) => counted('delete', () => store.delete(keys)),
    putFile: (key, file, contentType) => counted('put_file', () => store.putFile(key, file, contentType)),
    getToFile: (key, file) => counted('get_to_file', () => store.getToFile(key, file)),
    openRead: (key) => counted('open_read', () => store.openRead(key)),
  };
}
