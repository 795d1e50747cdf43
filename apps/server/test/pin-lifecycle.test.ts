/**
 * One call makes a Pin and keeps the counts, one removes images no Pin uses
 * (pins/pin-lifecycle.ts): after every way of making, moving and deleting
 * Pins, each board's `pin_count` is the number of Pins on it, the saved
 * Pin's repin count went up, and an image leaves the store only with the
 * last Pin that used it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let saver: TestClient;
const boards = {} as Record<'a' | 'b' | 'c', string>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = t.client();
  saver = t.client();
  await owner.signUp({ email: 'life-owner@example.com', username: 'lifeowner' });
  await saver.signUp({ email: 'life-saver@example.com', username: 'lifesaver' });
  boards.a = (await owner.resource('BoardResource', 'create', { name: 'Alpha' })).data.id;
  boards.b = (await owner.resource('BoardResource', 'create', { name: 'Beta' })).data.id;
  boards.c = (await saver.resource('BoardResource', 'create', { name: 'Gamma' })).data.id;
});
afterAll(() => t.close());

/** Boards whose kept count differs from the Pins on them. */
async function countsOff() {
  return t.db.query<{ id: string; pin_count: number; actual: number }>(
    `SELECT b.id, b.pin_count, (SELECT count(*)::int FROM pins p WHERE p.board_id = b.id) AS actual
     FROM boards b WHERE b.pin_count <> (SELECT count(*) FROM pins p WHERE p.board_id = b.id)`,
  );
}

const stored = async (url: string) => (await t.media.get(url.replace('/media/', ''))) !== null;

describe('making, moving and deleting Pins', () => {
  it('keeps every board count, the repin count, and images while a Pin uses them', async () => {
    const jpeg = await makeTestImage({ width: 400, height: 300, format: 'jpeg', seed: 61 });
    const made = (await owner.upload('PinResource', 'create', { board_id: boards.a, title: 'Made' }, jpeg)).data;
    const second = (
      await owner.upload(
        'PinResource',
        'create',
        { board_id: boards.a, title: 'Second' },
        await makeTestImage({ width: 300, height: 300, format: 'png', seed: 62 }),
      )
    ).data;
    expect(await countsOff()).toEqual([]);
    const [boardA] = await t.db.query<{ pin_count: number }>('SELECT pin_count FROM boards WHERE id = $1', [boards.a]);
    expect(boardA!.pin_count).toBe(2);

    const saved = (await saver.resource('RepinResource', 'create', { pin_id: made.id, board_id: boards.c })).data;
    expect(await countsOff()).toEqual([]);
    const [source] = await t.db.query<{ repin_count: number }>('SELECT repin_count FROM pins WHERE id = $1', [made.id]);
    expect(source!.repin_count).toBe(1);

    expect((await owner.resource('PinResource', 'update', { id: second.id, board_id: boards.b })).httpStatus).toBe(200);
    expect(await countsOff()).toEqual([]);
    expect((await owner.resource('PinMoveResource', 'create', { board_id: boards.b, pin_ids: [second.id], new_board_id: boards.a })).httpStatus).toBe(200);
    expect(await countsOff()).toEqual([]);

    // The original goes; the saved copy still uses the image, so it stays.
    const image = made.images['236x'].url;
    expect((await owner.resource('PinResource', 'delete', { id: made.id })).httpStatus).toBe(200);
    expect(await countsOff()).toEqual([]);
    expect(await stored(image)).toBe(true);
    // The last Pin using it goes, and so does the image.
    expect((await saver.resource('PinResource', 'delete', { id: saved.id })).httpStatus).toBe(200);
    expect(await countsOff()).toEqual([]);
    expect(await stored(image)).toBe(false);

    const secondImage = second.images['236x'].url;
    expect((await owner.resource('PinBulkDeleteResource', 'delete', { board_id: boards.a, pin_ids: [second.id] })).httpStatus).toBe(200);
    expect(await countsOff()).toEqual([]);
    expect(await stored(secondImage)).toBe(false);
  });
});
