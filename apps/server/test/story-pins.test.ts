/**
 * Idea Pins: pages uploaded (an image, a video transcoded like a video
 * Pin's), published as one Pin with story_pin_data; bad pages answered 400
 * naming the field; the story_pins and video_pins feeds, story_pin_count,
 * the created tab as the default; a secret board's Idea Pin media 404 to
 * others; unpublished uploads are their owner's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zPinOut } from '@pinboard/shared/schemas/entities';
import { makeTestImage } from '../src/media/test-images';
import { makeTestVideo } from '../src/media/test-videos';
import { buildTestApp, type ResourceResponse, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let boardId: string;
let secretBoardId: string;
let dataUrl: string;

async function uploadPage(c: TestClient, field: 'image' | 'video', bytes: Buffer) {
  const form = new FormData();
  form.set('options', '{}');
  form.set(field, new Blob([bytes]), field === 'video' ? 'page.mp4' : 'page.png');
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  const res = await c.request('POST', '/resource/StoryPinMediaResource/create/', {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  });
  return { httpStatus: res.statusCode, ...(res.json() as { resource_response: ResourceResponse }).resource_response };
}

async function ready(c: TestClient, id: string) {
  for (let i = 0; i < 600; i++) {
    const r = await c.resource('StoryPinMediaResource', 'get', { id });
    if (r.data?.video_status !== 'processing') return r.data;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('never ready');
}

const imagePage = (text?: string) => ({
  blocks: [{ type: 'story_pin_image_block', image_base64: dataUrl }, ...(text ? [{ type: 'story_pin_paragraph_block', text }] : [])],
});

beforeAll(async () => {
  t = await buildTestApp();
  owner = t.client();
  other = t.client();
  await owner.signUp({ email: 'sowner@example.com', username: 'sowner' });
  await other.signUp({ email: 'sother@example.com', username: 'sother' });
  boardId = (await owner.resource('BoardResource', 'create', { name: 'Recipes' })).data.id;
  secretBoardId = (await owner.resource('BoardResource', 'create', { name: 'Drafts', privacy: 'secret' })).data.id;
  dataUrl = `data:image/png;base64,${(await makeTestImage({ width: 360, height: 640, format: 'png', seed: 7 })).toString('base64')}`;
}, 60_000);
afterAll(() => t.close());

describe('an Idea Pin', () => {
  it('publishes two pages, an image and a video with text, and answers story_pin_data', async () => {
    const video = await makeTestVideo({ seconds: 1, width: 180, height: 320 });
    const up = await uploadPage(owner, 'video', video);
    expect(up.httpStatus).toBe(200);
    expect(up.data.video_status).toBe('processing');
    // Not published yet: the upload is its owner's alone.
    expect((await other.resource('StoryPinMediaResource', 'get', { id: up.data.id })).httpStatus).toBe(404);
    expect((await other.request('GET', up.data.images['236x'].url)).statusCode).toBe(404);
    expect((await owner.request('GET', up.data.images['236x'].url)).statusCode).toBe(200);
    // A video still processing cannot be published.
    const early = await owner.resource('StoryPinResource', 'create', { board_id: boardId, pages: [{ blocks: [{ type: 'story_pin_video_block', media_id: up.data.id }] }] });
    if (early.httpStatus !== 200) expect(early.error?.message).toContain('pages.0.blocks.0.media_id');
    else await owner.resource('PinResource', 'delete', { id: early.data.id });
    expect((await ready(owner, up.data.id)).video_status).toBe('ready');
    const again = early.httpStatus === 200 ? await uploadPage(owner, 'video', video) : up;
    if (again !== up) await ready(owner, again.data.id);

    const made = await owner.resource('StoryPinResource', 'create', {
      board_id: boardId,
      title: 'Two steps',
      pages: [imagePage('First, this'), { blocks: [{ type: 'story_pin_video_block', media_id: again.data.id }, { type: 'story_pin_paragraph_block', text: 'Then that' }] }],
    });
    expect(made.httpStatus).toBe(200);
    zPinOut.parse(made.data);
    const data = made.data.story_pin_data;
    expect(data.page_count).toBe(2);
    expect(data.metadata.pin_title).toBe('Two steps');
    expect(data.pages[0].blocks.map((b: { type: string }) => b.type)).toEqual(['story_pin_image_block', 'story_pin_paragraph_block']);
    expect(data.pages[1].blocks[0].type).toBe('story_pin_video_block');
    expect(data.pages[1].blocks[0].video.video_list.V_720P.url).toMatch(/_720p\.mp4$/);
    expect(made.data.is_video).toBe(false);
    // Published on a public board: every page's media is everyone's.
    expect((await t.client().request('GET', data.pages[1].blocks[0].video.video_list.V_720P.url)).statusCode).toBe(200);
    expect((await t.client().request('GET', data.pages[0].blocks[0].image['236x'].url)).statusCode).toBe(200);

    // The story_pins tab, the count and the created tab as default.
    const tab = await other.resource('UserStoryPinsResource', 'get', { username: 'sowner' });
    expect(tab.data.map((p: { id: string }) => p.id)).toEqual([made.data.id]);
    const profile = await other.resource('UserResource', 'get', { username: 'sowner' });
    expect(profile.data.story_pin_count).toBe(1);
    expect(profile.data.eligible_profile_tabs.find((x: { is_default: boolean }) => x.is_default).tab_type).toBe(1);

    // The title edits.
    const edited = await owner.resource('StoryPinResource', 'update', { id: made.data.id, title: 'Two easy steps' });
    expect(edited.data.story_pin_data.metadata.pin_title).toBe('Two easy steps');
    expect((await other.resource('StoryPinResource', 'update', { id: made.data.id, title: 'x' })).httpStatus).toBe(403);
  }, 120_000);

  it("on a secret board: its pages' media 404 to others, the tab and the count leave it out", async () => {
    const made = await owner.resource('StoryPinResource', 'create', { board_id: secretBoardId, pages: [imagePage('Secret')] });
    expect(made.httpStatus).toBe(200);
    const url = made.data.story_pin_data.pages[0].blocks[0].image['236x'].url;
    expect((await owner.request('GET', url)).statusCode).toBe(200);
    expect((await other.request('GET', url)).statusCode).toBe(404);
    expect((await t.client().request('GET', url)).statusCode).toBe(404);
    const tab = await other.resource('UserStoryPinsResource', 'get', { username: 'sowner' });
    expect(tab.data.map((p: { id: string }) => p.id)).not.toContain(made.data.id);
    expect((await other.resource('UserResource', 'get', { username: 'sowner' })).data.story_pin_count).toBe(1);
    expect((await owner.resource('UserResource', 'get', { username: 'sowner' })).data.story_pin_count).toBe(2);
  });

  it('lists video Pins on the video_pins tab', async () => {
    const r = await other.resource('UserVideoPinsResource', 'get', { username: 'sowner' });
    expect(r.httpStatus).toBe(200);
    expect(r.data).toEqual([]);
  });
});

describe('bad Idea Pins', () => {
  const bad = async (options: Record<string, unknown>, field: string) => {
    const r = await owner.resource('StoryPinResource', 'create', { board_id: boardId, ...options });
    expect(r.httpStatus).toBe(400);
    expect(`${r.error?.field ?? ''} ${r.error?.message ?? ''}`).toContain(field);
  };

  it('no pages', () => bad({ pages: [] }, 'pages'));
  it('more than 20 pages', () => bad({ pages: Array.from({ length: 21 }, () => ({ blocks: [{ type: 'story_pin_paragraph_block', text: 'x' }] })) }, 'pages'));
  it('a block of an unknown type', () => bad({ pages: [{ blocks: [{ type: 'story_pin_sticker_block' }] }] }, 'type'));
  it('a page without an image or video', () => bad({ pages: [{ blocks: [{ type: 'story_pin_paragraph_block', text: 'only words' }] }] }, 'blocks'));
  it("someone else's upload", async () => {
    const up = await uploadPage(other, 'image', await makeTestImage({ width: 90, height: 160, format: 'png', seed: 1 }));
    await bad({ pages: [{ blocks: [{ type: 'story_pin_image_block', media_id: up.data.id }] }] }, 'pages.0.blocks.0.media_id');
  });
});
