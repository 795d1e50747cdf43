/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Garage, R2 and the like), so that every app
 * server reads and writes the same objects (decision 052). The key is the object's name, exactly
 * as on disk; objects are immutable once written (a new image gets a new random name).
 *
 * Checksums are sent and checked only where an operation requires them
 * (`requestChecksumCalculation: 'WHEN_REQUIRED'`): otherwise the SDK sends uploads `aws-chunked`
 * with trailing checksums, which some S3-compatible servers store verbatim, bytes and framing.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertValidMediaKey, contentTypeForKey, isValidMediaKey, type MediaStore, type StoredObject, type StoredReader } from './media-store';

export interface S3Settings {
  bucket: string;
  /** The service's address (MinIO, Garage, R2…); AWS's own when absent. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (most self-hosted servers want this). */
  forcePathStyle: boolean;
}

/** Deletes run this many at a time (an HLS video has dozens of segments). */
const DELETE_CONCURRENCY = 8;

function isMissing(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.Code === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

export class S3MediaStore implements MediaStore {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private checkType(key: string, contentType: string) {
    assertValidMediaKey(key);
    const expected = contentTypeForKey(key);
    if (contentType !== expected) throw new Error(`Content type ${contentType} does not match the extension of ${key} (${expected})`);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    this.checkType(key, contentType);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isValidMediaKey(key)) return null;
    const contentType = contentTypeForKey(key)!;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const data = Buffer.from(await out.Body!.transformToByteArray());
      return { data, contentType, modifiedAt: out.LastModified };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) assertValidMediaKey(key); // validate all before deleting any
    const queue = [...keys];
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        try {
          await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
        } catch (err) {
          if (!isMissing(err)) throw err;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, keys.length) }, worker));
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    this.checkType(key, contentType);
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentType: contentType, ContentLength: size }),
    );
  }

  async getToFile(key: string, file: string): Promise<boolean> {
    if (!isValidMediaKey(key)) return false;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      await pipeline(out.Body as Readable, createWriteStream(file));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /** The object's size in bytes, or null when there is none (resuming a migration). */
  async size(key: string): Promise<number | null> {
    if (!isValidMediaKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async openRead(key: string): Promise<StoredReader | null> {
    if (!isValidMediaKey(key)) return null;
    const contentType = contentTypeForKey(key)!;
    let head;
    try {
      head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    return {
      size: head.ContentLength ?? 0,
      contentType,
      modifiedAt: head.LastModified,
      // One ranged GET per part asked for: the bytes flow through, never held whole.
      stream: (start, end) => {
        const out = new PassThrough();
        this.client
          .send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end}` }))
          .then((res) => pipeline(res.Body as Readable, out))
          .catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
        return out;
      },
    };
  }

  close() {
    this.client.destroy();
  }
}
