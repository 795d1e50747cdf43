/**
 * Where a bulk upload's bytes wait for their job (decision 098): in the media
 * bucket when media is in S3, so that every server can take any PATCH of an
 * upload and any job can read it; else in DATA_DIR/uploads, whose files (and
 * each upload's JSON record beside them) survive a restart, so a dropped
 * upload resumes where it stopped.
 */
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { MediaStoreSettings } from '../../media-pipeline/open-media-store';

/** A tus data store that can also read a finished upload and remove it. */
export interface UploadStore {
  store: FileStore | S3Store;
  read(id: string): Promise<Readable>;
  remove(id: string): Promise<void>;
}

/**
 * The S3 store's `remove` aborts the multipart upload, then deletes the upload and its record: it fails for a
 * finished upload (no multipart upload left to abort), and it leaves an unfinished upload's last bytes short of
 * a part (`<id>.part`), and the record it read stays in its memory cache when the abort fails. Ours deletes all
 * three objects and forgets the record in any case.
 */
class FinishedUploadsS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    await super.remove(id).catch(() => {});
    await this.cache.delete(id);
    await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] } });
  }
}

export function openUploadStore(settings: MediaStoreSettings): UploadStore {
  const s3 = settings.s3;
  if (s3) {
    const store = new FinishedUploadsS3Store({
      // The smallest part S3 takes: an image is at most a few parts.
      partSize: 5 * 1024 * 1024,
      s3ClientConfig: {
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: s3.forcePathStyle,
        credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
    return { store, read: (id) => store.read(id), remove: (id) => store.remove(id) };
  }
  const store = new FileStore({ directory: join(settings.dataDir, 'uploads') });
  return { store, read: async (id) => store.read(id), remove: (id) => store.remove(id) };
}
