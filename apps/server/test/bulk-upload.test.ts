/**
 * Bulk upload (decision 098): images uploaded with the tus protocol become
 * draft Pins of their uploader's, processed by the queue, published together.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@pinboard/shared/constants/limits';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { bulkUploadsRepo } from '../src/modules/bulk-uploads/bulk-uploads.repo';
import { makeBoard } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';
import { b64, createUpload, patchUpload, tus as tusTo } from './tus-client';

let t: TestApp;
let images: Buffer[];
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_BULK_UPLOAD: '6' });
  images = await Promise.all(
    ['#e01010', '#10e010', '#1010e0', '#e0e010'].map((color, i) => makeTestImage({ width: 300 + i * 10, height: 200, format: 'png', color })),
  );
});
afterAll(() => t.close());

let batches = 0;
const newBatch = () => `batch${Date.now().toString(36)}${++batches}`;

/** One tus request as a browser's tus client sends it, to this file's server. */
const tus = (c: TestClient, method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string> = {}) =>
  tusTo(t, c, method, url, headers);
const create = (c: TestClient, batch: string, length: number, name?: string) => createUpload(t, c, batch, length, name);
const patch = (c: TestClient, location: string, offset: number, part: Buffer) => patchUpload(t, c, location, offset, part);

/** A whole image uploaded in one PATCH; answers its upload's address. */
async function upload(c: TestClient, batch: string, image: Buffer, name?: string) {
  const made = await create(c, batch, image.length, name);
  expect(made.statusCode, made.body).toBe(201);
  const location = made.headers.location as string;
  const done = await patch(c, location, 0, image);
  expect(done.statusCode, done.body).toBe(204);
  return location;
}

const drafts = async (c: TestClient, batch: string) => {
  const r = await c.resource('BulkUploadResource', 'get', { batch_id: batch });
  expect(r.httpStatus).toBe(200);
  return r.data as { id: string; status: string; failure: string | null; duplicate_of: string | null; thumbnail_url: string | null; file_name: string }[];
};

describe('bulk upload', () => {
  it('resumes an interrupted upload from the offset the server has, processes it on the queue, and publishes the batch onto a board', async () => {
    const { c, id } = await t.person('Ada Bulk', 'bulk');
    const board = await makeBoard(t.db, id, { name: 'Bulk' });
    const batch = newBatch();
    const image = images[0]!;

    const made = await create(c, batch, image.length, 'red.png');
    expect(made.statusCode).toBe(201);
    const location = made.headers.location as string;
    expect(location).toMatch(/^\/v3\/uploads\/[\w-]+$/);
    expect((await drafts(c, batch)).map((d) => [d.status, d.file_name])).toEqual([['uploading', 'red.png']]);

    // The first part arrives, then the connection drops; the client asks where to go on.
    const half = Math.floor(image.length / 2);
    expect((await patch(c, location, 0, image.subarray(0, half))).statusCode).toBe(204);
    const head = await tus(c, 'HEAD', location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    // A part sent again from the wrong offset is refused; the rest from the right one finishes it.
    expect((await patch(c, location, 0, image.subarray(0, half))).statusCode).toBe(409);
    expect((await patch(c, location, half, image.subarray(half))).statusCode).toBe(204);

    await t.jobsSettled('bulk-image');
    const [draft] = await drafts(c, batch);
    expect(draft!.status).toBe('ready');
    expect(draft!.thumbnail_url).toMatch(/^\/media\//);
    // Its owner sees its thumbnail.
    expect((await c.request('GET', draft!.thumbnail_url!)).statusCode).toBe(200);
    // The upload's bytes are gone once processed.
    expect((await tus(c, 'HEAD', location)).statusCode).toBe(404);

    await upload(c, batch, images[1]!, 'green.png');
    await t.jobsSettled('bulk-image');
    const [, second] = await drafts(c, batch);
    const edited = await c.resource('BulkUploadResource', 'update', { id: second!.id, title: 'Green', link: 'https://example.com/green' });
    expect(edited.httpStatus).toBe(200);
    expect(edited.data.title).toBe('Green');

    const published = await c.resource('BulkUploadPublishResource', 'create', { batch_id: batch, board_id: board.id });
    expect(published.httpStatus).toBe(200);
    expect(published.data.pin_ids).toHaveLength(2);
    expect(published.data.duplicates).toEqual([]);
    const pins = await t.db.query<{ id: string; board_id: string; title: string; link: string; media_base: string; method: string }>(
      'SELECT id, board_id, title, link, media_base, method FROM pins WHERE id = ANY($1) ORDER BY id',
      [published.data.pin_ids],
    );
    expect(pins.map((p) => [p.board_id, p.title, p.link, p.method])).toEqual([
      [board.id, '', '', 'uploaded'],
      [board.id, 'Green', 'https://example.com/green', 'uploaded'],
    ]);
    // Published drafts are gone; their images are the Pins'.
    expect(await drafts(c, batch)).toEqual([]);
    expect((await c.request('GET', draft!.thumbnail_url!)).statusCode).toBe(200);
  });

  it('collapses exact duplicates within a batch and reports them', async () => {
    const { c, id } = await t.person('Dee Dupe', 'bulk');
    const board = await makeBoard(t.db, id);
    const batch = newBatch();
    await upload(c, batch, images[2]!, 'one.png');
    await upload(c, batch, images[2]!, 'again.png');
    await upload(c, batch, images[3]!, 'other.png');
    await t.jobsSettled('bulk-image');
    const list = await drafts(c, batch);
    // Whichever copy's job recorded its bytes first is the one kept (the queue may run the two at once).
    const copies = list.filter((d) => d.file_name !== 'other.png');
    expect(copies.map((d) => d.status).sort()).toEqual(['duplicate', 'ready']);
    const [kept, dropped] = copies[0]!.status === 'ready' ? [copies[0]!, copies[1]!] : [copies[1]!, copies[0]!];
    expect(dropped.duplicate_of).toBe(kept.id);
    expect(list.find((d) => d.file_name === 'other.png')!.status).toBe('ready');
    const sha = createHash('sha256').update(images[2]!).digest('hex');
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pin_drafts WHERE sha256 = $1', [sha]))[0]!.n).toBe(2);

    const published = await c.resource('BulkUploadPublishResource', 'create', { batch_id: batch, board_id: board.id });
    expect(published.httpStatus).toBe(200);
    expect(published.data.pin_ids).toHaveLength(2);
    expect(published.data.duplicates).toEqual([{ id: dropped.id, duplicate_of: kept.id }]);
    expect(await drafts(c, batch)).toEqual([]);
  });

  it('records two copies processed at the same moment one after the other: the second is the duplicate', async () => {
    const { c } = await t.person('Sam Same', 'bulk');
    const batch = newBatch();
    await upload(c, batch, images[0]!, 'first.png');
    await upload(c, batch, images[1]!, 'second.png');
    await t.jobsSettled('bulk-image');
    const [first, second] = await drafts(c, batch);
    const sha = 'f'.repeat(64);
    // The first copy's recording is under way (its transaction open); the second one's waits for it, then sees it.
    let secondAnswer: Promise<string | null> | null = null;
    await t.db.tx(async (tx) => {
      expect(await bulkUploadsRepo.recordHash(tx, first!.id, sha)).toBeNull();
      secondAnswer = bulkUploadsRepo.recordHash(t.db, second!.id, sha);
      const waiting = async () =>
        (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"))[0]!.n;
      await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThan(0);
    });
    expect(await secondAnswer).toBe(first!.id);
  });

  it('collapses, when publishing, two copies that were processed at the same moment', async () => {
    const { c, id } = await t.person('Ray Race', 'bulk');
    const board = await makeBoard(t.db, id);
    const batch = newBatch();
    await upload(c, batch, images[0]!);
    await upload(c, batch, images[1]!);
    await t.jobsSettled('bulk-image');
    const [first, second] = await drafts(c, batch);
    // Both ready with the same hash: what two jobs running at once could leave.
    await t.db.query(`UPDATE pin_drafts SET sha256 = 'same' WHERE id = ANY($1)`, [[first!.id, second!.id]]);
    const published = await c.resource('BulkUploadPublishResource', 'create', { batch_id: batch, board_id: board.id });
    expect(published.httpStatus, JSON.stringify(published)).toBe(200);
    expect(published.data.pin_ids).toHaveLength(1);
    expect(published.data.duplicates).toEqual([{ id: second!.id, duplicate_of: first!.id }]);
    expect(await drafts(c, batch)).toEqual([]);
    expect((await c.request('GET', second!.thumbnail_url!)).statusCode).toBe(404);
  });

  it('shows a draft, its upload and its image to nobody else: 404 through every door', async () => {
    const owner = await t.person('Olive Owner', 'bulk');
    const other = await t.person('Oscar Other', 'bulk');
    const otherBoard = await makeBoard(t.db, other.id);
    const batch = newBatch();
    const made = await create(owner.c, batch, images[0]!.length);
    const location = made.headers.location as string;
    expect((await tus(other.c, 'HEAD', location)).statusCode).toBe(404);
    const stolen = await patch(other.c, location, 0, images[0]!);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ status: 'failure', code: 1030 });
    expect((await tus(other.c, 'DELETE', location)).statusCode).toBe(404);
    expect((await patch(owner.c, location, 0, images[0]!)).statusCode).toBe(204);
    await t.jobsSettled('bulk-image');
    const [draft] = await drafts(owner.c, batch);

    expect(await drafts(other.c, batch)).toEqual([]);
    expect((await other.c.resource('BulkUploadResource', 'update', { id: draft!.id, title: 'Mine now' })).httpStatus).toBe(404);
    expect((await other.c.resource('BulkUploadResource', 'delete', { id: draft!.id })).httpStatus).toBe(404);
    expect((await other.c.resource('BulkUploadPublishResource', 'create', { batch_id: batch, board_id: otherBoard.id })).httpStatus).toBe(404);
    expect((await other.c.request('GET', draft!.thumbnail_url!)).statusCode).toBe(404);
    expect((await t.client().request('GET', draft!.thumbnail_url!)).statusCode).toBe(404);
    // Signed out: 401 before anything.
    expect((await tus(t.client(), 'POST', '/v3/uploads/', { 'upload-length': '10', 'upload-metadata': `batch ${b64(batch)}` })).statusCode).toBe(401);

    // Its owner deletes it, files and all.
    expect((await owner.c.resource('BulkUploadResource', 'delete', { id: draft!.id })).httpStatus).toBe(200);
    expect((await owner.c.request('GET', draft!.thumbnail_url!)).statusCode).toBe(404);
  });

  it('refuses a file over the image limit up front, and a body longer than declared', async () => {
    const { c } = await t.person('Len Large', 'bulk');
    const batch = newBatch();
    const tooBig = await create(c, batch, IMAGE_MAX_BYTES + 1);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ status: 'failure', message_key: 'media.imageTooLarge' });
    const noBatch = await tus(c, 'POST', '/v3/uploads/', { 'upload-length': '100' });
    expect(noBatch.statusCode).toBe(400);
    expect(noBatch.json()).toMatchObject({ message_key: 'bulkUpload.batchNeeded' });
    const made = await create(c, batch, 10);
    const over = await patch(c, made.headers.location as string, 0, Buffer.alloc(20, 1));
    expect(over.statusCode).toBeGreaterThanOrEqual(400);
    expect(over.statusCode).toBeLessThan(500);
  });

  it('fails a draft that is not an image, with the reason', async () => {
    const { c } = await t.person('Nina Noimage', 'bulk');
    const batch = newBatch();
    await upload(c, batch, Buffer.from('this is not an image at all'), 'notes.txt');
    await t.jobsSettled('bulk-image');
    const [draft] = await drafts(c, batch);
    expect([draft!.status, draft!.failure]).toEqual(['failed', 'media.imageType']);
  });

  it('answers 429, never 503, past the budget of uploads', async () => {
    const { c } = await t.person('Bea Budget', 'bulk');
    const batch = newBatch();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await create(c, batch, 100)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429, 429]);
    const refused = await create(c, batch, 100);
    expect(refused.json()).toMatchObject({ status: 'failure', code: 1060 });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('purges drafts never published after a week, with their files', async () => {
    const { c } = await t.person('Pat Purge', 'bulk');
    const batch = newBatch();
    const location = await upload(c, batch, images[1]!);
    await t.jobsSettled('bulk-image');
    const [draft] = await drafts(c, batch);
    expect(location).toBeTruthy();
    await t.db.query(`UPDATE pin_drafts SET updated_at = now() - interval '8 days' WHERE id = $1`, [draft!.id]);
    expect(await t.services.bulkUploads.purgeStale()).toBeGreaterThanOrEqual(1);
    expect(await drafts(c, batch)).toEqual([]);
    expect((await c.request('GET', draft!.thumbnail_url!)).statusCode).toBe(404);
  });
});
