/**
 * Copies a disk store into a bucket (`npm run media:migrate -- --to s3`, decision 052). Objects
 * never change once written, so a copy is final: a run skips every object the bucket already
 * holds with the same size (an interrupted run resumes where it stopped), and the app may go on
 * serving and storing on disk meanwhile (a later run copies what came since).
 */
import path from 'node:path';
import type { DiskMediaStore } from './disk-media-store';
import { contentTypeForKey } from './media-store';
import type { S3MediaStore } from './s3-media-store';

export interface MigrationResult {
  copied: number;
  skipped: number;
  failed: { key: string; error: string }[];
  bytes: number;
}

export async function migrateDiskToS3(
  from: DiskMediaStore,
  to: S3MediaStore,
  opts: { concurrency?: number; log?: (line: string) => void } = {},
): Promise<MigrationResult> {
  const result: MigrationResult = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  const log = opts.log ?? (() => {});
  const objects = from.list();
  let seen = 0;
  // The walk is shared: each worker takes the next object when it is free (an async generator queues its callers).
  const take = async () => {
    const item = await objects.next();
    return item.done ? null : item.value;
  };
  const worker = async () => {
    for (let o = await take(); o !== null; o = await take()) {
      try {
        if ((await to.size(o.key)) === o.size) {
          result.skipped++;
        } else {
          await to.putFile(o.key, path.join(from.root, o.key), contentTypeForKey(o.key)!);
          result.copied++;
          result.bytes += o.size;
        }
      } catch (err) {
        // Deleted from the disk since it was listed (an unused image removed): nothing to copy.
        if ((err as { code?: string }).code === 'ENOENT') continue;
        result.failed.push({ key: o.key, error: err instanceof Error ? err.message : String(err) });
      }
      if (++seen % 1000 === 0) log(`${seen} objects: ${result.copied} copied, ${result.skipped} already there, ${result.failed.length} failed`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 8) }, worker));
  return result;
}
