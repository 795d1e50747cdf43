import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLAGE_CANVAS, COLLAGE_MAX_LAYERS } from '@pinboard/shared/constants/collages';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { makeBoard } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let red: Buffer;
let blue: Buffer;
beforeAll(async () => {
  t = await buildTestApp({ EXPERIMENT_GROUPS: 'collages:enabled' });
  red = await makeTestImage({ width: 300, height: 400, format: 'png', color: '#e01010' });
  blue = await makeTestImage({ width: 400, height: 300, format: 'png', color: '#1030e0' });
});
afterAll(() => t.close());

let n = 0;
async function person(): Promise<[TestClient, string]> {
  const c = t.client();
  const name = `collager${n++}`;
  const { id } = await c.signUp({ email: `${name}@example.com`, username: name });
  return [c, id];
}

async function pinOf(c: TestClient, image: Buffer, options: Record<string, unknown> = {}) {
  const res = await c.upload('PinResource', 'create', options, image, 'image.png');
  expect(res.httpStatus).toBe(200);
  return res.data.id as string;
}

const layer = (pinId: string, box: Partial<{ x: number; y: number; width: number; height: number; rotation: number }> = {}) => ({
  pin_id: pinId,
  x: 100,
  y: 100,
  width: 300,
  height: 400,
  rotation: 0,
  ...box,
});

async function shuffles(c: TestClient, query = '') {
  const res = await c.request('GET', `/v3/users/me/shuffles/${query}`);
  return { status: res.statusCode, body: res.json() };
}

const countRows = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM collages'))[0]!.n;
const mediaKey = (url: string) => url.replace(/^\/media\//, '');

/** The colour at (x, y) of an image. */
async function pixelAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

function expectColour(actual: number[], expected: [number, number, number]) {
  actual.forEach((value, i) => expect(Math.abs(value - expected[i]!)).toBeLessThan(30));
}

describe('collage drafts', () => {
  it('are saved, read and listed by their owner only; others get 404', async () => {
    const [owner] = await person();
    const [stranger] = await person();
    const pinId = await pinOf(owner, red);

    const created = await owner.resource('CollageResource', 'create', { layers: [layer(pinId)] });
    expect(created.httpStatus).toBe(200);
    const draft = created.data;
    expect(draft).toMatchObject({ type: 'shuffle', is_draft: true, canvas: COLLAGE_CANVAS, pin_id: null });
    expect(draft.layers).toHaveLength(1);
    expect(draft.layers[0]).toMatchObject({ pin_id: pinId, x: 100, y: 100, width: 300, height: 400, pin: { id: pinId } });
    expect(Object.keys(draft.images).sort()).toEqual(['1200x', '170x', '236x', '474x', '736x', 'orig']);
    expect(draft.images.orig).toMatchObject({ width: COLLAGE_CANVAS.width, height: COLLAGE_CANVAS.height });

    // The preview image is the owner's alone.
    expect((await owner.request('GET', draft.images['236x'].url)).statusCode).toBe(200);
    expect((await stranger.request('GET', draft.images['236x'].url)).statusCode).toBe(404);
    expect((await t.client().request('GET', draft.images['236x'].url)).statusCode).toBe(404);

    const mine = await shuffles(owner, '?is_draft=true');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((c: { id: string }) => c.id)).toEqual([draft.id]);
    expect(mine.body.data[0]).toMatchObject({ id: draft.id, type: 'shuffle', is_draft: true, created_at: expect.any(String) });

    expect((await stranger.resource('CollageResource', 'get', { id: draft.id })).httpStatus).toBe(404);
    expect((await stranger.resource('CollageResource', 'update', { id: draft.id, layers: [layer(pinId)] })).httpStatus).toBe(404);
    expect((await stranger.request('DELETE', `/v3/shuffles/${draft.id}/`)).statusCode).toBe(404);
    expect((await shuffles(stranger, '?is_draft=true')).body.data).toEqual([]);
    expect((await t.client().request('GET', '/v3/users/me/shuffles/')).statusCode).toBe(401);

    // Updating replaces the layers and the preview; the old preview's files go.
    const updated = await owner.resource('CollageResource', 'update', { id: draft.id, layers: [layer(pinId, { x: 0, y: 0, rotation: 15 })] });
    expect(updated.httpStatus).toBe(200);
    expect(updated.data.layers[0]).toMatchObject({ x: 0, y: 0, rotation: 15 });
    expect(updated.data.images.orig.url).not.toBe(draft.images.orig.url);
    expect(await t.media.get(mediaKey(draft.images.orig.url))).toBeNull();
    expect((await owner.resource('CollageResource', 'get', { id: draft.id })).data.layers[0]).toMatchObject({ rotation: 15 });
  });

  it('refuse invalid layers at the boundary, naming the field', async () => {
    const [owner] = await person();
    const pinId = await pinOf(owner, red);
    const before = await countRows();
    const cases: unknown[] = [
      [],
      Array.from({ length: COLLAGE_MAX_LAYERS + 1 }, () => layer(pinId)),
      [layer(pinId, { width: 5 })],
      [layer(pinId, { x: COLLAGE_CANVAS.width + 10 })],
      [layer(pinId, { x: -500, width: 400 })],
      [layer(pinId, { rotation: 400 })],
      [{ ...layer(pinId), opacity: 0.5 }],
      [{ ...layer(pinId), pin_id: 'abc' }],
    ];
    for (const layers of cases) {
      const res = await owner.resource('CollageResource', 'create', { layers });
      expect(res.httpStatus, JSON.stringify(layers).slice(0, 80)).toBe(400);
      expect(res.error?.field).toMatch(/^layers/);
    }
    expect((await owner.resource('CollageResource', 'create', { layers: [layer(pinId)], extra: 1 })).httpStatus).toBe(400);
    expect(await countRows()).toBe(before);
  });

  it("answer 404 for a Pin the owner can't see, and keep nothing", async () => {
    const [owner] = await person();
    const [other, otherId] = await person();
    const secret = await makeBoard(t.db, otherId, { privacy: 'secret' });
    const hidden = await pinOf(other, blue, { board_id: secret.id });
    const mine = await pinOf(owner, red);
    const before = await countRows();

    const res = await owner.resource('CollageResource', 'create', { layers: [layer(mine), layer(hidden)] });
    expect(res.httpStatus).toBe(404);
    expect((await owner.resource('CollageResource', 'create', { layers: [layer('123456789')] })).httpStatus).toBe(404);
    expect(await countRows()).toBe(before);

    // A public Pin of someone else is fine.
    const visible = await pinOf(other, blue);
    expect((await owner.resource('CollageResource', 'create', { layers: [layer(mine), layer(visible)] })).httpStatus).toBe(200);
  });

  it('are deleted with DELETE /v3/shuffles/{id}/ by their owner, files and all', async () => {
    const [owner] = await person();
    const pinId = await pinOf(owner, red);
    const draft = (await owner.resource('CollageResource', 'create', { layers: [layer(pinId)] })).data;
    const res = await owner.request('DELETE', `/v3/shuffles/${draft.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', data: { id: draft.id } });
    expect((await shuffles(owner, '?is_draft=true')).body.data).toEqual([]);
    expect(await t.media.get(mediaKey(draft.images.orig.url))).toBeNull();
    expect((await owner.request('DELETE', `/v3/shuffles/${draft.id}/`)).statusCode).toBe(404);
    expect((await owner.request('DELETE', '/v3/shuffles/nope/')).statusCode).toBe(404);
    // The source Pin is untouched.
    expect((await owner.resource('PinResource', 'get', { id: pinId })).httpStatus).toBe(200);
  });

  it('are paged by keyset, newest first', async () => {
    const [owner] = await person();
    const pinId = await pinOf(owner, red);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await owner.resource('CollageResource', 'create', { layers: [layer(pinId, { x: i * 10 })] })).data.id);
    const first = await shuffles(owner, '?is_draft=true&page_size=2');
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.bookmark).toEqual(expect.any(String));
    const second = await shuffles(owner, `?is_draft=true&page_size=2&bookmark=${first.body.bookmark}`);
    expect(second.body.data.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    expect(second.body.bookmark).toBeNull();
    expect((await shuffles(owner, '?is_draft=maybe')).status).toBe(400);
  });
});

describe('publishing a collage', () => {
  it('renders the layers into a real Pin on the chosen board and ends the draft', async () => {
    const [owner] = await person();
    const [stranger] = await person();
    const redPin = await pinOf(owner, red);
    const bluePin = await pinOf(owner, blue);
    const boardId = (await owner.resource('BoardResource', 'create', { name: 'Collage board' })).data.id as string;
    const layers = [
      layer(redPin, { x: 0, y: 0, width: 500, height: 889 }),
      layer(bluePin, { x: 500, y: 889, width: 500, height: 889 }),
      // Turned and hanging off the right edge: drawn, clipped to the canvas.
      layer(bluePin, { x: 800, y: 100, width: 400, height: 300, rotation: 30 }),
    ];
    const draft = (await owner.resource('CollageResource', 'create', { layers })).data;

    expect((await stranger.resource('CollagePublishResource', 'create', { id: draft.id })).httpStatus).toBe(404);
    const published = await owner.resource('CollagePublishResource', 'create', { id: draft.id, board_id: boardId, title: 'Red and blue' });
    expect(published.httpStatus).toBe(200);
    const pin = published.data.pin;
    expect(published.data).toMatchObject({ id: draft.id, is_draft: false, pin_id: pin.id });
    expect(pin).toMatchObject({
      type: 'pin',
      method: 'collage',
      title: 'Red and blue',
      board: { id: boardId },
      width: COLLAGE_CANVAS.width,
      height: COLLAGE_CANVAS.height,
    });

    // The Pin's image is the composite: each layer's colour where it lies, white elsewhere.
    const orig = await owner.request('GET', pin.images.orig.url);
    expect(orig.statusCode).toBe(200);
    expectColour(await pixelAt(orig.rawPayload, 250, 444), [0xe0, 0x10, 0x10]);
    expectColour(await pixelAt(orig.rawPayload, 750, 1400), [0x10, 0x30, 0xe0]);
    expectColour(await pixelAt(orig.rawPayload, 250, 1400), [255, 255, 255]);
    expectColour(await pixelAt(orig.rawPayload, 990, 250), [0x10, 0x30, 0xe0]);
    // A public board's Pin is everyone's to see.
    expect((await t.client().request('GET', pin.images['236x'].url)).statusCode).toBe(200);

    const board = await owner.resource('BoardResource', 'get', { board_id: boardId });
    expect(board.data.pin_count).toBe(1);
    expect(await t.media.get(mediaKey(draft.images.orig.url))).toBeNull();

    // Listed as published; with transform_to_pins it is the Pin (type pin).
    expect((await shuffles(owner, '?is_draft=true')).body.data).toEqual([]);
    const asCollages = await shuffles(owner, '?is_draft=false');
    expect(asCollages.body.data[0]).toMatchObject({
      id: draft.id,
      type: 'shuffle',
      is_draft: false,
      pin_id: pin.id,
      images: { orig: { url: pin.images.orig.url } },
    });
    const asPins = await shuffles(owner, '?is_draft=false&transform_to_pins=true');
    expect(asPins.body.data[0]).toMatchObject({ id: pin.id, type: 'pin', method: 'collage' });

    // Published: no more editing, publishing again, or deleting as a draft.
    expect((await owner.resource('CollageResource', 'update', { id: draft.id, layers })).httpStatus).toBe(400);
    expect((await owner.resource('CollagePublishResource', 'create', { id: draft.id })).httpStatus).toBe(400);
    expect((await owner.request('DELETE', `/v3/shuffles/${draft.id}/`)).statusCode).toBe(400);

    // Deleting the Pin deletes the published collage with it.
    expect((await owner.resource('PinResource', 'delete', { id: pin.id })).httpStatus).toBe(200);
    expect((await shuffles(owner, '?is_draft=false')).body.data).toEqual([]);
  });

  it('goes to the profile without a board, and makes nothing when a source Pin became hidden', async () => {
    const [owner] = await person();
    const [other, otherId] = await person();
    const mine = await pinOf(owner, red);
    const board = await makeBoard(t.db, otherId, { name: 'Soon secret' });
    const theirs = await pinOf(other, blue, { board_id: board.id });

    const loose = (await owner.resource('CollageResource', 'create', { layers: [layer(mine)] })).data;
    const onProfile = await owner.resource('CollagePublishResource', 'create', { id: loose.id });
    expect(onProfile.httpStatus).toBe(200);
    expect(onProfile.data.pin.board).toBeNull();

    const draft = (await owner.resource('CollageResource', 'create', { layers: [layer(mine), layer(theirs)] })).data;
    await t.db.query("UPDATE boards SET privacy = 'secret' WHERE id = $1", [board.id]);
    const pinsBefore = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pins')).at(0)!.n;
    const res = await owner.resource('CollagePublishResource', 'create', { id: draft.id });
    expect(res.httpStatus).toBe(404);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pins')).at(0)!.n).toBe(pinsBefore);
    expect((await owner.resource('CollageResource', 'get', { id: draft.id })).data).toMatchObject({ is_draft: true, layers: [{ pin_id: mine }] });

    // Someone else's board is not the owner's to pin to.
    const otherBoard = await makeBoard(t.db, otherId);
    const refused = await owner.resource('CollagePublishResource', 'create', { id: draft.id, board_id: otherBoard.id });
    expect(refused.httpStatus).toBe(403);
  });
});

describe('the collages experiment', () => {
  it('keeps collages away from partner accounts', async () => {
    const [owner, ownerId] = await person();
    const pinId = await pinOf(owner, red);
    await t.db.query('UPDATE users SET is_partner = true WHERE id = $1', [ownerId]);
    expect((await owner.resource('CollageResource', 'create', { layers: [layer(pinId)] })).httpStatus).toBe(404);
    expect((await shuffles(owner)).status).toBe(404);
  });

  it('answers 404 everywhere while the experiment is off, and the Viewer says which group a person is in', async () => {
    const off = await buildTestApp();
    try {
      const c = off.client();
      await c.signUp({ email: 'offgroup@example.com', username: 'offgroup' });
      expect((await c.resource('CollageResource', 'create', { layers: [layer('1')] })).httpStatus).toBe(404);
      expect((await c.request('GET', '/v3/users/me/shuffles/')).statusCode).toBe(404);
      expect((await c.resource('UserSessionResource', 'get')).data.experiments).toEqual({});
    } finally {
      await off.close();
    }
    const [on] = await person();
    expect((await on.resource('UserSessionResource', 'get')).data.experiments).toEqual({ collages: 'enabled' });
  });
});
