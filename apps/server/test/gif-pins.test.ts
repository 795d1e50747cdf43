/**
 * GIF Pins (docs/product/logged-out-and-business.md §3, embedType gif): an animated GIF
 * upload (told by its bytes: more than one frame) becomes a Pin with
 * embed_type 'gif' whose GIF the video queue turns into a short muted looping
 * MP4, its first frame the poster; a one-frame GIF stays an image. GIFs are
 * not video Pins (the video_pins tab and video_pin_count leave them out).
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zPinOut } from '@pinboard/shared/schemas/entities';
import { makeAnimatedGif, makeTestImage } from '../src/media-pipeline/test-images';
import { makeTestVideo } from '../src/media-pipeline/test-videos';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let boardId: string;

const upload = (c: TestClient, field: 'image' | 'video', bytes: Buffer, filename: string, options: Record<string, unknown> = { board_id: boardId }) =>
  c.upload('PinResource', 'create', options, bytes, filename, field);
const settled = (c: TestClient, id: string) => c.settled('PinResource', id);

const storedNames = () =>
  readdirSync(t.config.dataDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

beforeAll(async () => {
  t = await buildTestApp();
  owner = t.client();
  other = t.client();
  await owner.signUp({ email: 'gowner@example.com', username: 'gowner' });
  await other.signUp({ email: 'gother@example.com', username: 'gother' });
  boardId = (await owner.resource('BoardResource', 'create', { name: 'Loops' })).data.id;
}, 60_000);
afterAll(() => t.close());

describe('an animated GIF', () => {
  it('becomes a GIF Pin: processing at once, then a looping MP4 with its first frame as poster', async () => {
    const gif = await makeAnimatedGif({ width: 200, height: 150, frames: 8 });
    const made = await upload(owner, 'image', gif, 'loop.gif', { board_id: boardId, title: 'A loop' });
    expect(made.httpStatus, JSON.stringify(made.error)).toBe(200);
    expect(made.data).toMatchObject({ embed_type: 'gif', is_video: true, video_status: 'processing', videos: null, width: 200, height: 150 });
    expect(made.data.images['236x'].url).toMatch(/\.(jpg|png)$/);
    zPinOut.parse(made.data);

    const ready = await settled(owner, made.data.id);
    expect(ready.video_status).toBe('ready');
    const { is_favorite: _own, can: _can, ...shape } = ready;
    zPinOut.parse(shape);
    const mp4 = ready.videos.video_list.V_720P;
    expect(mp4.url).toMatch(/_gif\.mp4$/);
    // One file: every rendition names it.
    expect(ready.videos.video_list.V_HLSV4.url).toBe(mp4.url);
    expect(mp4.width).toBe(200);
    expect(mp4.height).toBe(150);
    expect(mp4.duration).toBeGreaterThan(500);
    expect(mp4.duration).toBeLessThan(1500);
    expect(mp4.thumbnail).toBe(ready.images['736x'].url);

    // Served to everyone (a public board), as an MP4 in ranges; the GIF itself never.
    const res = await t.client().request('GET', mp4.url, { headers: { range: 'bytes=0-15' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(storedNames().some((n) => n.endsWith('_source.src'))).toBe(false);

    // Not a video Pin: the video_pins tab and its count leave it out.
    expect((await other.resource('UserVideoPinsResource', 'get', { username: 'gowner' })).data).toEqual([]);
    expect((await other.resource('UserResource', 'get', { username: 'gowner' })).data.video_pin_count).toBe(0);

    // A save keeps it a GIF.
    const saved = await other.resource('RepinResource', 'create', { pin_id: made.data.id });
    expect(saved.data.embed_type).toBe('gif');
    await other.resource('PinResource', 'delete', { id: saved.data.id });

    // Deleting it removes its poster and its MP4.
    const name = mp4.url.slice(mp4.url.lastIndexOf('/') + 1, mp4.url.lastIndexOf('_'));
    expect(storedNames().filter((n) => n.startsWith(name)).length).toBeGreaterThan(1);
    expect((await owner.resource('PinResource', 'delete', { id: made.data.id })).httpStatus).toBe(200);
    expect(storedNames().filter((n) => n.startsWith(name))).toEqual([]);
  }, 120_000);

  it('of one frame stays an image', async () => {
    const still = await makeTestImage({ width: 200, height: 150, format: 'gif' });
    const made = await upload(owner, 'image', still, 'still.gif');
    expect(made.httpStatus).toBe(200);
    expect(made.data).toMatchObject({ embed_type: null, is_video: false, video_status: null });
  });

  it('leaves video_pin_count to video Pins', async () => {
    const made = await upload(owner, 'video', await makeTestVideo({ seconds: 1, width: 160, height: 120 }), 'clip.mp4');
    expect(made.httpStatus).toBe(200);
    expect(made.data.embed_type).toBe(null);
    await settled(owner, made.data.id);
    expect((await other.resource('UserResource', 'get', { username: 'gowner' })).data.video_pin_count).toBe(1);
    expect((await other.resource('UserVideoPinsResource', 'get', { username: 'gowner' })).data.map((p: { id: string }) => p.id)).toEqual([made.data.id]);
  }, 60_000);
});
