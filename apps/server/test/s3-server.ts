/**
 * A real S3-compatible server for tests and the benchmark: s3rver (npm), on a free port of
 * 127.0.0.1, keeping its objects in a temporary folder, with one bucket made. Its answers are
 * S3's, its signatures are checked (keys S3RVER / S3RVER). It is given S3's ListParts and
 * AbortMultipartUpload, which it lacks (s3rver-multipart.ts), for the tus S3 store of bulk uploads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { MediaStore } from '../src/media-pipeline/media-store';
import type { S3MediaStore, S3Settings } from '../src/media-pipeline/s3-media-store';
import { addMultipartRoutes } from './s3rver-multipart';

export interface TestS3 {
  /** Settings for a store on the made bucket. */
  settings: S3Settings;
  /** The same as environment variables (for loadConfig). */
  env: Record<string, string>;
  /** Another bucket on the same server, made now. */
  bucket(name: string): Promise<S3Settings>;
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  store: { putBucket(name: string): Promise<unknown> };
}

export async function startS3Server(bucket = 'pinboard-media'): Promise<TestS3> {
  addMultipartRoutes();
  const directory = mkdtempSync(join(tmpdir(), 'pinboard-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] }) as S3rverInstance;
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settingsFor = (name: string): S3Settings => ({
    bucket: name,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    settings: settingsFor(bucket),
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async bucket(name) {
      await server.store.putBucket(name);
      return settingsFor(name);
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Every key in an S3 media store's bucket, all pages of the listing. */
export async function bucketKeys(media: MediaStore): Promise<string[]> {
  const store = media as S3MediaStore;
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await store.client.send(new ListObjectsV2Command({ Bucket: store.bucket, ContinuationToken: token }));
    for (const o of page.Contents ?? []) keys.push(o.Key!);
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}
