/**
 * Idea Pins: pages uploaded (an image, a video transcoded like a video
 * Pin's), published as one Pin with story_pin_data; bad pages answered 400
 * naming the field; the story_pins and video_pins feeds, story_pin_count,
 * the created tab as the default; a secret board's Idea Pin media 404 to
 * others; unpublished uploads are their owner's alone.
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
let dataUrl: string;

const uploadPage = (c: TestClient, field: 'image' | 'video', bytes: Buffer) =>
  c.upload('StoryPinMediaResource', 'create', {}, bytes, field === 'video' ? 'page.mp4' : 'page.png', field);
const ready = (c: TestClient, id: string) => c.settled('StoryPinMediaResource', id);

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
    const early = await owner.resource('StoryPinResource', 'create', {
      board_id: boardId,
      pages: [{ blocks: [{ type: 'story_pin_video_block', media_id: up.data.id }] }],
    });
    if (early.httpStatus !== 200) expect(early.error?.message).toContain('pages.0.blocks.0.media_id');
    else await owner.resource('PinResource', 'delete', { id: early.data.id });
    expect((await ready(owner, up.data.id)).video_status).toBe('ready');
    const again = early.httpStatus === 200 ? await uploadPage(owner, 'video', video) : up;
    if (again !== up) await ready(owner, again.data.id);

    const made = await owner.resource('StoryPinResource', 'create', {
      board_id: boardId,
      title: 'Two steps',
      pages: [
        imagePage('First, this'),
        {
          blocks: [
            { type: 'story_pin_video_block', media_id: again.data.id },
            { type: 'story_pin_paragraph_block', text: 'Then that' },
          ],
        },
      ],
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

describe('editing an Idea Pin after publishing', () => {
  const mediaNames = () =>
    readdirSync(t.config.dataDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  const baseOf = (url: string) => url.slice(url.lastIndexOf('/') + 1, url.lastIndexOf('_'));
  const imagesOf = async (seeds: number[]) =>
    Promise.all(
      seeds.map(async (seed) => `data:image/png;base64,${(await makeTestImage({ width: 180, height: 320, format: 'png', seed })).toString('base64')}`),
    );

  it('reorders, removes, adds pages and edits their text; the removed page’s files go', async () => {
    const [a, b, c] = await imagesOf([21, 22, 23]);
    const made = await owner.resource('StoryPinResource', 'create', {
      board_id: boardId,
      title: 'Three',
      pages: [a, b, c].map((img, i) => ({
        blocks: [
          { type: 'story_pin_image_block', image_base64: img },
          { type: 'story_pin_paragraph_block', text: `Step ${i + 1}` },
        ],
      })),
    });
    expect(made.httpStatus).toBe(200);
    const urls = made.data.story_pin_data.pages.map((p: { blocks: { image: Record<string, { url: string }> }[] }) => p.blocks[0]!.image['236x']!.url);
    const fresh = await uploadPage(owner, 'image', await makeTestImage({ width: 180, height: 320, format: 'png', seed: 24 }));

    // Someone else may not.
    expect(
      (await other.resource('StoryPinResource', 'update', { id: made.data.id, pages: [{ blocks: [{ type: 'story_pin_image_block', keep_page: 0 }] }] }))
        .httpStatus,
    ).toBe(403);

    const edited = await owner.resource('StoryPinResource', 'update', {
      id: made.data.id,
      title: 'Three, reordered',
      pages: [
        {
          blocks: [
            { type: 'story_pin_image_block', keep_page: 2 },
            { type: 'story_pin_paragraph_block', text: 'Now first' },
          ],
        },
        { blocks: [{ type: 'story_pin_image_block', media_id: fresh.data.id }] },
        {
          blocks: [
            { type: 'story_pin_image_block', keep_page: 0 },
            { type: 'story_pin_paragraph_block', text: 'Step 1' },
          ],
        },
      ],
    });
    expect(edited.httpStatus).toBe(200);
    zPinOut.parse(edited.data);
    const data = edited.data.story_pin_data;
    expect(data.page_count).toBe(3);
    expect(data.metadata.pin_title).toBe('Three, reordered');
    expect(data.pages[0].blocks[0].image['236x'].url).toBe(urls[2]);
    expect(data.pages[0].blocks[1].text).toBe('Now first');
    expect(data.pages[1].blocks).toHaveLength(1);
    expect(data.pages[2].blocks[0].image['236x'].url).toBe(urls[0]);
    // The cover is the new first page's.
    expect(edited.data.images['236x'].url).toBe(urls[2]);
    // The new page's upload is the Pin's now: visible to others, no longer an unpublished upload.
    expect((await other.request('GET', data.pages[1].blocks[0].image['236x'].url)).statusCode).toBe(200);
    expect((await owner.resource('StoryPinMediaResource', 'get', { id: fresh.data.id })).httpStatus).toBe(404);
    // The removed page (the second) leaves no file behind.
    expect(mediaNames().filter((n) => n.startsWith(baseOf(urls[1])))).toEqual([]);
    expect(mediaNames().filter((n) => n.startsWith(baseOf(urls[0])))).not.toEqual([]);
  });

  it('keeps a removed page’s files while a save of the Idea Pin still shows them', async () => {
    const [a, b] = await imagesOf([31, 32]);
    const made = await owner.resource('StoryPinResource', 'create', {
      board_id: boardId,
      pages: [a, b].map((img) => ({ blocks: [{ type: 'story_pin_image_block', image_base64: img }] })),
    });
    const second = made.data.story_pin_data.pages[1].blocks[0].image['236x'].url;
    const saved = await other.resource('RepinResource', 'create', { pin_id: made.data.id });
    expect(saved.httpStatus).toBe(200);
    const edited = await owner.resource('StoryPinResource', 'update', {
      id: made.data.id,
      pages: [{ blocks: [{ type: 'story_pin_image_block', keep_page: 0 }] }],
    });
    expect(edited.data.story_pin_data.page_count).toBe(1);
    expect(mediaNames().filter((n) => n.startsWith(baseOf(second)))).not.toEqual([]);
    expect((await other.request('GET', second)).statusCode).toBe(200);
  });

  describe('is checked as on publishing', () => {
    let id: string;
    beforeAll(async () => {
      id = (await owner.resource('StoryPinResource', 'create', { board_id: boardId, pages: [imagePage('One')] })).data.id;
    });
    const bad = async (pages: unknown, field: string) => {
      const r = await owner.resource('StoryPinResource', 'update', { id, pages });
      expect(r.httpStatus).toBe(400);
      expect(`${r.error?.field ?? ''} ${r.error?.message ?? ''}`).toContain(field);
    };
    it('no pages', () => bad([], 'pages'));
    it('more than 20 pages', () =>
      bad(
        Array.from({ length: 21 }, () => ({ blocks: [{ type: 'story_pin_image_block', keep_page: 0 }] })),
        'pages',
      ));
    it('a block of an unknown type', () => bad([{ blocks: [{ type: 'story_pin_sticker_block' }] }], 'type'));
    it('a page the Pin does not have', () => bad([{ blocks: [{ type: 'story_pin_image_block', keep_page: 5 }] }], 'pages.0.blocks.0.keep_page'));
    it('an image page kept as a video', () => bad([{ blocks: [{ type: 'story_pin_video_block', keep_page: 0 }] }], 'pages.0.blocks.0.keep_page'));
    it('keep_page when publishing', async () => {
      const r = await owner.resource('StoryPinResource', 'create', {
        board_id: boardId,
        pages: [{ blocks: [{ type: 'story_pin_image_block', keep_page: 0 }] }],
      });
      expect(r.httpStatus).toBe(400);
      expect(r.error?.message).toContain('pages.0.blocks.0.keep_page');
    });
    it('and a refused edit changes nothing', async () => {
      const r = await owner.resource('PinResource', 'get', { id });
      expect(r.data.story_pin_data.page_count).toBe(1);
    });
  });
});
