/**
 * The one Pin creation pipeline (docs/decisions/082-one-pin-creation-pipeline.md),
 * called through its entry point as the coming callers will (an export's
 * import, the API v5 `POST /v5/pins`): whatever the source, a failure after
 * the media was stored leaves no file and no Pin, a guid answers the first Pin
 * without storing anything again, and a Pin goes only where its pinner may pin.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../src/lib/context';
import type { DiskMediaStore } from '../src/media-pipeline/disk-media-store';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
let ctx: RequestContext;
let board: string;
let othersBoard: string;
let jpeg: Buffer;

/** Every file in the media store. */
function mediaFiles() {
  const root = (t.media as DiskMediaStore).root;
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => statSync(path.join(root, f)).isFile());
}

const boardCounts = async () =>
  (await t.db.one<{ n: number; c: number }>('SELECT count(*)::int AS n, (SELECT pin_count FROM boards WHERE id = $1) AS c FROM pins WHERE board_id = $1', [
    board,
  ]))!;

beforeAll(async () => {
  t = await buildTestApp();
  const me = t.client();
  const user = await me.signUp({ email: 'pipeline@example.com' });
  ctx = { viewer: { id: user.id, username: user.username }, clientIp: '127.0.0.1' };
  board = (await me.resource('BoardResource', 'create', { name: 'Pipeline' })).data.id;
  const other = t.client();
  await other.signUp({ email: 'pipeline-other@example.com' });
  othersBoard = (await other.resource('BoardResource', 'create', { name: 'Not yours' })).data.id;
  jpeg = await makeTestImage({ width: 320, height: 240, format: 'jpeg', seed: 82 });
});
afterAll(() => t.close());

describe('createPin', () => {
  it('makes a Pin from image bytes with its details on the board, counted', async () => {
    const before = await boardCounts();
    const pin = await t.services.pins.createPin(ctx, {
      source: { kind: 'image', bytes: jpeg },
      details: { title: 'Through the pipeline', alt_text: 'A test picture' },
      placement: { board_id: board },
    });
    expect(pin).toMatchObject({ board_id: board, title: 'Through the pipeline', alt_text: 'A test picture', method: 'uploaded', width: 320 });
    expect(await boardCounts()).toEqual({ n: before.n + 1, c: before.c + 1 });
  });

  it('leaves no file and no Pin when a step after storing the media fails', async () => {
    const before = await boardCounts();
    const files = mediaFiles().length;
    await expect(
      t.services.pins.createPin(ctx, {
        source: { kind: 'image', bytes: await makeTestImage({ width: 320, height: 240, format: 'jpeg', seed: 83 }) },
        details: { title: 'Undone' },
        placement: { board_id: board },
        alsoInTransaction: () => Promise.reject(new Error('the caller refused')),
      }),
    ).rejects.toThrow('the caller refused');
    expect(await boardCounts()).toEqual(before);
    expect(mediaFiles().length).toBe(files);
  });

  it('answers the first Pin to a retry with the same guid, processing and storing nothing again', async () => {
    const request = { details: { title: 'Once' }, placement: { board_id: board }, guid: 'pipeline-1' };
    // A picture of its own: the same picture on the same board is answered its Pin too (decision 095).
    const first = await t.services.pins.createPin(ctx, {
      ...request,
      source: { kind: 'image', bytes: await makeTestImage({ width: 320, height: 240, format: 'jpeg', seed: 84 }) },
    });
    const files = mediaFiles().length;
    // Bytes that are no image: a retry that processed its source again would fail.
    const again = await t.services.pins.createPin(ctx, { ...request, source: { kind: 'image', bytes: Buffer.from('not an image') } });
    expect(again.id).toBe(first.id);
    expect(mediaFiles().length).toBe(files);
  });

  it("refuses another person's board before anything is stored", async () => {
    const files = mediaFiles().length;
    await expect(
      t.services.pins.createPin(ctx, { source: { kind: 'image', bytes: jpeg }, details: {}, placement: { board_id: othersBoard } }),
    ).rejects.toMatchObject({ httpStatus: 403 });
    expect(mediaFiles().length).toBe(files);
  });
});
