/**
 * A video Pin's captions (docs/product/logged-out-and-business.md §3, "captions track when
 * provided"): its pinner attaches a WebVTT file on upload or later, replaces
 * or removes it; the file is checked by parsing (400 naming the field) and
 * served with the video's visibility (a secret board's: 404 to others).
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zPinOut } from '@pinboard/shared/schemas/entities';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { makeTestVideo } from '../src/media-pipeline/test-videos';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let boardId: string;
let secretBoardId: string;
let mp4: Buffer;

const VTT = 'WEBVTT\n\n00:00.000 --> 00:00.900\nHello there\n';

const upload = (c: TestClient, field: 'image' | 'video', bytes: Buffer, options: Record<string, unknown>) =>
  c.upload('PinResource', 'create', options, bytes, field === 'video' ? 'clip.mp4' : 'picture.png', field);
const settled = (c: TestClient, id: string) => c.settled('PinResource', id);

const vttFiles = () =>
  readdirSync(t.config.dataDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.vtt'))
    .map((e) => e.name);

beforeAll(async () => {
  t = await buildTestApp();
  owner = t.client();
  other = t.client();
  await owner.signUp({ email: 'cowner@example.com', username: 'cowner' });
  await other.signUp({ email: 'cother@example.com', username: 'cother' });
  boardId = (await owner.resource('BoardResource', 'create', { name: 'Talks' })).data.id;
  secretBoardId = (await owner.resource('BoardResource', 'create', { name: 'Rough cuts', privacy: 'secret' })).data.id;
  mp4 = await makeTestVideo({ seconds: 1, width: 160, height: 120, audio: true });
}, 60_000);
afterAll(() => t.close());

describe('captions of a video Pin', () => {
  it('come with the upload, are served as text/vtt, are replaced and removed by the pinner only', async () => {
    const made = await upload(owner, 'video', mp4, { board_id: boardId, title: 'Talk', captions: { vtt: VTT.replaceAll('\n', '\r\n'), language: 'en' } });
    expect(made.httpStatus).toBe(200);
    const ready = await settled(owner, made.data.id);
    const { is_favorite: _own, can: _can, ...shape } = ready;
    zPinOut.parse(shape);
    expect(ready.captions).toMatchObject({ language: 'en', url: expect.stringMatching(/_cc[0-9a-f]{8}\.vtt$/) });
    const first = ready.captions.url;
    const served = await t.client().request('GET', first);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('text/vtt');
    expect(served.body).toBe(VTT);

    // Someone else may not touch them.
    expect((await other.resource('PinResource', 'update', { id: made.data.id, captions: null })).httpStatus).toBe(403);

    const replaced = await owner.resource('PinResource', 'update', {
      id: made.data.id,
      captions: { vtt: `${VTT}\n00:00.900 --> 00:01.000\nBye\n`, language: 'pt-BR' },
    });
    expect(replaced.httpStatus).toBe(200);
    expect(replaced.data.captions.language).toBe('pt-BR');
    expect(replaced.data.captions.url).not.toBe(first);
    // The replaced file leaves the store (a memory cache may still hold it: it is as visible as the Pin).
    expect(vttFiles()).toEqual([replaced.data.captions.url.slice(replaced.data.captions.url.lastIndexOf('/') + 1)]);

    const removed = await owner.resource('PinResource', 'update', { id: made.data.id, captions: null });
    expect(removed.data.captions).toBe(null);
    expect(vttFiles()).toHaveLength(0);
  }, 60_000);

  it('on a secret board answer 404 to everyone but those who may see the Pin', async () => {
    const made = await upload(owner, 'video', mp4, { board_id: secretBoardId, captions: { vtt: VTT, language: 'en' } });
    const ready = await settled(owner, made.data.id);
    const url = ready.captions.url;
    expect((await owner.request('GET', url)).statusCode).toBe(200);
    expect((await other.request('GET', url)).statusCode).toBe(404);
    expect((await t.client().request('GET', url)).statusCode).toBe(404);
    // The Videos tab's count is the viewer's: the secret board's video counts for its owner only.
    expect((await other.resource('UserResource', 'get', { username: 'cowner' })).data.video_pin_count).toBe(1);
    expect((await owner.resource('UserResource', 'get', { username: 'cowner' })).data.video_pin_count).toBe(2);
    // Deleting the Pin removes its captions file.
    await owner.resource('PinResource', 'delete', { id: made.data.id });
    expect(vttFiles()).toHaveLength(0);
  }, 60_000);

  it('go with their Pin when it is deleted among others (bulk delete)', async () => {
    const made = await upload(owner, 'video', mp4, { board_id: boardId, captions: { vtt: VTT, language: 'en' } });
    await settled(owner, made.data.id);
    expect(vttFiles()).toHaveLength(1);
    const r = await owner.resource('PinBulkDeleteResource', 'delete', { board_id: boardId, pin_ids: [made.data.id] });
    expect(r.httpStatus).toBe(200);
    expect(vttFiles()).toHaveLength(0);
  }, 60_000);

  it('that are not WebVTT answer 400 naming captions.vtt, and nothing is stored', async () => {
    const before = readdirSync(t.config.dataDir, { recursive: true }).length;
    for (const vtt of ['Hello there', 'WEBVTT\n\n00:00.000 -> 00:01.000\nx', 'WEBVTT\n\n00:02.000 --> 00:01.000\nbackwards', 'WEBVTT\n\nNOTE nothing\n']) {
      const r = await upload(owner, 'video', mp4, { board_id: boardId, captions: { vtt, language: 'en' } });
      expect(r.httpStatus).toBe(400);
      expect(r.error?.field).toBe('captions.vtt');
      expect(r.error?.message).toContain('captions.vtt');
    }
    expect(readdirSync(t.config.dataDir, { recursive: true }).length).toBe(before);
  });

  it('with a bad language tag, too large, or on an image Pin answer 400 naming the field', async () => {
    const bad = await upload(owner, 'video', mp4, { board_id: boardId, captions: { vtt: VTT, language: 'english please' } });
    expect(bad.httpStatus).toBe(400);
    expect(`${bad.error?.field} ${bad.error?.message}`).toContain('captions.language');
    const huge = await upload(owner, 'video', mp4, { board_id: boardId, captions: { vtt: `${VTT}${'x'.repeat(120 * 1024)}`, language: 'en' } });
    expect(huge.httpStatus).toBe(400);
    expect(`${huge.error?.field} ${huge.error?.message}`).toContain('captions.vtt');
    const png = await makeTestImage({ width: 120, height: 90, format: 'png' });
    const image = await upload(owner, 'image', png, { board_id: boardId, captions: { vtt: VTT, language: 'en' } });
    expect(image.httpStatus).toBe(400);
    expect(image.error?.field).toBe('captions');
    const imagePin = await upload(owner, 'image', png, { board_id: boardId });
    const later = await owner.resource('PinResource', 'update', { id: imagePin.data.id, captions: { vtt: VTT, language: 'en' } });
    expect(later.httpStatus).toBe(400);
    expect(later.error?.field).toBe('captions');
  });
});
