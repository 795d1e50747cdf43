/**
 * Bulk upload with media in S3 (decision 098): the tus uploads are kept in the media bucket by the tus S3
 * store (a multipart upload of 5 MB parts, a `<id>.part` object for a last part still short of that, and
 * the `<id>.info` record), so that two servers on one database and one bucket take each other's PATCHes:
 * an upload begun on A resumes on B, any server's job reads it, and a draft deleted before its upload
 * finished leaves nothing in the bucket.
 */
import { createHash } from 'node:crypto';
import { HeadObjectCommand, ListPartsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3MediaStore } from '../src/media-pipeline/s3-media-store';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { makeBoard } from '../src/seed/factories';
import { bucketKeys, startS3Server, type TestS3 } from './s3-server';
import { buildTestApp, type TestApp, type TestClient } from './test-app';
import { createUpload, patchUpload, tus } from './tus-client';

const PART = 5 * 1024 * 1024;

let s3: TestS3;
let a: TestApp;
let b: TestApp;
let big: Buffer;
let small: Buffer;

beforeAll(async () => {
  s3 = await startS3Server();
  const env = { ...s3.env, VIDEO_TRANSCODE_CONCURRENCY: '0' };
  a = await buildTestApp(env);
  b = await buildTestApp(env, { db: a.db });
  // A photo-like PNG of more than one part (6.3 MB), and one well under a part.
  [big, small] = await Promise.all([
    makeTestImage({ width: 2000, height: 1500, format: 'png', seed: 3 }),
    makeTestImage({ width: 400, height: 300, format: 'png', seed: 4 }),
  ]);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

let batches = 0;
const newBatch = () => `s3batch${Date.now().toString(36)}${++batches}`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The same browser (its cookies) talking to another server. */
function sameBrowserOn(server: TestApp, c: TestClient): TestClient {
  const other = server.client();
  for (const [k, v] of c.cookies) other.cookies.set(k, v);
  return other;
}

async function create(server: TestApp, c: TestClient, batch: string, length: number, name: string) {
  const made = await createUpload(server, c, batch, length, name);
  expect(made.statusCode, made.body).toBe(201);
  return made.headers.location as string;
}

async function offsetOn(server: TestApp, c: TestClient, location: string) {
  const head = await tus(server, c, 'HEAD', location);
  expect(head.statusCode).toBe(200);
  return Number(head.headers['upload-offset']);
}

const drafts = async (c: TestClient, batch: string) => {
  const r = await c.resource('BulkUploadResource', 'get', { batch_id: batch });
  expect(r.httpStatus).toBe(200);
  return r.data as { id: string; status: string; failure: string | null; thumbnail_url: string | null }[];
};

const idOf = (location: string) => location.slice(location.lastIndexOf('/') + 1);
const keysOf = async (uploadId: string) => (await bucketKeys(a.media)).filter((k) => k.startsWith(uploadId)).sort();
const store = () => a.media as S3MediaStore;

/** The S3 multipart upload behind a tus upload, named in its `.info` record. */
async function multipartOf(uploadId: string) {
  const info = await store().client.send(new HeadObjectCommand({ Bucket: store().bucket, Key: `${uploadId}.info` }));
  return info.Metadata!['upload-id']!;
}
const listParts = (uploadId: string, multipartId: string) =>
  store().client.send(new ListPartsCommand({ Bucket: store().bucket, Key: uploadId, UploadId: multipartId }));

describe('bulk upload on two servers sharing one bucket', () => {
  it('an upload begun on A resumes on B, over more than one part; the job makes it ready and publishing makes a Pin both serve', async () => {
    const { c, id } = await a.person('Sam Split', 'bulks3');
    const onB = sameBrowserOn(b, c);
    const board = await makeBoard(a.db, id, { name: 'Across servers' });
    const batch = newBatch();
    expect(big.length).toBeGreaterThan(PART + 1024 * 1024);

    const location = await create(a, c, batch, big.length, 'big.png');
    const uploadId = idOf(location);
    // A takes one whole part and a bit more, then the connection drops.
    const first = PART + 512 * 1024;
    const sent = await patchUpload(a, c, location, 0, big.subarray(0, first));
    expect(sent.statusCode, sent.body).toBe(204);
    expect(sent.headers['upload-offset']).toBe(String(first));
    // In the bucket: the record, and the bit past the part waiting for more; the part itself is in the multipart upload.
    expect(await keysOf(uploadId)).toEqual([`${uploadId}.info`, `${uploadId}.part`]);
    const multipartId = await multipartOf(uploadId);
    expect((await listParts(uploadId, multipartId)).Parts?.map((p) => [p.PartNumber, p.Size])).toEqual([[1, PART]]);

    // The browser comes back through B: B knows the offset from the bucket, refuses a wrong one, and takes the rest.
    expect(await offsetOn(b, onB, location)).toBe(first);
    expect((await patchUpload(b, onB, location, 0, big.subarray(0, first))).statusCode).toBe(409);
    const rest = await patchUpload(b, onB, location, first, big.subarray(first));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(big.length));

    await a.jobsSettled('bulk-image');
    const [draft] = await drafts(onB, batch);
    expect([draft!.status, draft!.failure]).toEqual(['ready', null]);
    // The bytes the job read are the image's, every one of them, in order.
    const [row] = await a.db.query<{ sha256: string }>('SELECT sha256 FROM pin_drafts WHERE id = $1', [draft!.id]);
    expect(row!.sha256).toBe(sha256(big));
    // The upload is gone from the bucket, its multipart upload with it; neither server knows it any more.
    expect(await keysOf(uploadId)).toEqual([]);
    await expect(listParts(uploadId, multipartId)).rejects.toMatchObject({ name: 'NoSuchUpload' });
    expect((await tus(a, c, 'HEAD', location)).statusCode).toBe(404);
    expect((await tus(b, onB, 'HEAD', location)).statusCode).toBe(404);
    // Its owner sees the thumbnail through either server.
    expect((await c.request('GET', draft!.thumbnail_url!)).statusCode).toBe(200);
    expect((await onB.request('GET', draft!.thumbnail_url!)).statusCode).toBe(200);

    const published = await onB.resource('BulkUploadPublishResource', 'create', { batch_id: batch, board_id: board.id });
    expect(published.httpStatus, JSON.stringify(published)).toBe(200);
    expect(published.data.pin_ids).toHaveLength(1);
    const pin = (await a.client().resource('PinResource', 'get', { id: published.data.pin_ids[0] })).data;
    const url = pin.images['236x'].url as string;
    const fromA = await a.client().request('GET', url);
    const fromB = await b.client().request('GET', url);
    expect([fromA.statusCode, fromB.statusCode]).toEqual([200, 200]);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect(fromA.rawPayload.equals((await a.media.get(url.slice('/media/'.length)))!.data)).toBe(true);
  });

  it('a small image sent in three PATCHes through A, B and A again is put together from the bucket', async () => {
    const { c } = await a.person('Tess Thirds', 'bulks3');
    const onB = sameBrowserOn(b, c);
    const batch = newBatch();
    const location = await create(b, onB, batch, small.length, 'small.png');
    const uploadId = idOf(location);
    const cut1 = Math.floor(small.length / 3);
    const cut2 = Math.floor((2 * small.length) / 3);
    expect((await patchUpload(a, c, location, 0, small.subarray(0, cut1))).statusCode).toBe(204);
    // Under a part, it all waits in `<id>.part`; the multipart upload has no part yet.
    expect(await keysOf(uploadId)).toEqual([`${uploadId}.info`, `${uploadId}.part`]);
    expect((await listParts(uploadId, await multipartOf(uploadId))).Parts ?? []).toEqual([]);
    expect(await offsetOn(b, onB, location)).toBe(cut1);
    expect((await patchUpload(b, onB, location, cut1, small.subarray(cut1, cut2))).statusCode).toBe(204);
    expect(await offsetOn(a, c, location)).toBe(cut2);
    expect((await patchUpload(a, c, location, cut2, small.subarray(cut2))).statusCode).toBe(204);

    await a.jobsSettled('bulk-image');
    const [draft] = await drafts(c, batch);
    expect(draft!.status).toBe('ready');
    const [row] = await a.db.query<{ sha256: string }>('SELECT sha256 FROM pin_drafts WHERE id = $1', [draft!.id]);
    expect(row!.sha256).toBe(sha256(small));
    expect(await keysOf(uploadId)).toEqual([]);
  });

  it('a draft deleted before its upload finished aborts the multipart upload and leaves nothing in the bucket, through either door', async () => {
    const { c } = await a.person('Abe Abort', 'bulks3');
    const onB = sameBrowserOn(b, c);
    const batch = newBatch();

    // tus termination, on the other server than the one that took the bytes.
    const terminated = await create(a, c, batch, big.length, 'gone.png');
    const first = PART + 1024;
    expect((await patchUpload(a, c, terminated, 0, big.subarray(0, first))).statusCode).toBe(204);
    const uploadId = idOf(terminated);
    const multipartId = await multipartOf(uploadId);
    expect((await listParts(uploadId, multipartId)).Parts).toHaveLength(1);
    expect((await tus(b, onB, 'DELETE', terminated)).statusCode).toBe(204);
    expect(await keysOf(uploadId)).toEqual([]);
    await expect(listParts(uploadId, multipartId)).rejects.toMatchObject({ name: 'NoSuchUpload' });
    expect((await tus(a, c, 'HEAD', terminated)).statusCode).toBe(404);
    expect((await patchUpload(b, onB, terminated, first, big.subarray(first))).statusCode).toBe(404);

    // Deleting the draft (BulkUploadResource delete) while only its first bytes are in.
    const dropped = await create(b, onB, batch, small.length, 'dropped.png');
    expect((await patchUpload(b, onB, dropped, 0, small.subarray(0, 100))).statusCode).toBe(204);
    const [draft] = await drafts(c, batch);
    expect(draft!.status).toBe('uploading');
    expect((await c.resource('BulkUploadResource', 'delete', { id: draft!.id })).httpStatus).toBe(200);
    expect(await keysOf(idOf(dropped))).toEqual([]);
    expect(await drafts(onB, batch)).toEqual([]);
  });
});
