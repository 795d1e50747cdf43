/**
 * Demo video Pins and Idea Pins, made locally at seed time: the videos by
 * ffmpeg's own generators (nothing is downloaded), queued for transcoding
 * like uploads (the job queue's workers make them ready within
 * seconds), on a board of colour palettes; the Idea Pins of pictures drawn
 * like their board's (demo-pictures.ts), each on a board of its subject.
 * Without ffmpeg, the videos are left out.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../db/client';
import { newId } from '../lib/ids';
import { findVideoTools } from '../media-pipeline/ffmpeg';
import type { MediaStore } from '../media-pipeline/media-store';
import { processImage } from '../media-pipeline/process-image';
import { posterFrame, probeVideo } from '../media-pipeline/probe-video';
import { newMediaBase, storeImage } from '../media-pipeline/store-image';
import { makeTestVideo } from '../media-pipeline/test-videos';
import { makePin, videoSourceKey } from '../modules/pins/pin-lifecycle';
import { type StoryPage } from '../modules/pins/pins.repo';
import { prng, renderPicture } from './demo-pictures';
import { themeByKey } from './demo-themes';
import { storeImageBuffer } from './factories';
import type { EnqueueTranscode } from '../modules/pins/transcode-job';

const VIDEOS: { title: string; source: string; width: number; height: number }[] = [
  { title: 'Colour test pattern', source: 'testsrc2', width: 640, height: 360 },
  { title: 'Colour bars, upright', source: 'rgbtestsrc', width: 360, height: 640 },
  { title: 'Bars and tone', source: 'smptehdbars', width: 640, height: 360 },
];
/** The videos are of colour bars: they go on a board of colour palettes when there is one. */
const VIDEO_THEME = 'palettes';

/** Idea Pins, each on a board of its subject (a theme of demo-themes.ts), its pages drawn like that board's Pins. */
export const DEMO_IDEAS: { title: string; description: string; theme: string; pages: { text: string; section: number | null }[] }[] = [
  {
    title: 'Paint rolling hills in three layers',
    description: 'Sky first, far hills light, near hills dark: a landscape in three steps.',
    theme: 'hills',
    pages: [
      { text: 'Start with the sky and the sun', section: 0 },
      { text: 'Lay the far hills in a light tone', section: null },
      { text: 'Finish with the darkest hill in front', section: 1 },
    ],
  },
  {
    title: 'A weekend sourdough loaf',
    description: 'From a bubbly starter to a cooled loaf, over one weekend.',
    theme: 'sourdough',
    pages: [
      { text: 'Feed the starter and wait for bubbles', section: 1 },
      { text: 'Mix, fold every 30 minutes, shape', section: 0 },
      { text: 'Bake hot, then cool completely', section: 0 },
    ],
  },
];

export async function seedDemoVideos(
  { db, media, enqueueTranscode }: { db: Db; media: MediaStore; enqueueTranscode: EnqueueTranscode },
  owners: { id: string }[],
  boards: { id: string; ownerId: string; theme?: string }[],
  seconds = 4,
  withVideos = true,
) {
  const tools = withVideos ? findVideoTools() : null;
  let videos = 0;
  if (tools) {
    const dir = await mkdtemp(path.join(tmpdir(), 'pinboard-demo-video-'));
    try {
      for (const [i, v] of VIDEOS.entries()) {
        const themed = boards.filter((b) => b.theme === VIDEO_THEME);
        const board = themed.length > 0 ? themed[i % themed.length]! : (boards.find((b) => b.ownerId === owners[(i * 3 + 1) % owners.length]!.id) ?? null);
        const owner = board ? { id: board.ownerId } : owners[(i * 3 + 1) % owners.length]!;
        const file = path.join(dir, `v${i}.mp4`);
        await writeFile(file, await makeTestVideo({ seconds, width: v.width, height: v.height, audio: true, source: v.source }));
        const probed = await probeVideo(tools, file);
        const poster = await processImage(await posterFrame(tools, file, probed.durationMs));
        const { name, base } = newMediaBase();
        const stored = await storeImage(media, poster, '/media/', name);
        await media.putFile(videoSourceKey(base), file, 'application/octet-stream');
        const id = newId();
        await db.tx(async (tx) => {
          await makePin(tx, {
            id,
            pinner_id: owner.id,
            board_id: board?.id ?? null,
            section_id: null,
            parent_pin_id: null,
            title: v.title,
            description: 'Made on this server by ffmpeg.',
            link: '',
            alt_text: '',
            method: 'uploaded',
            media_base: base,
            images: stored.images,
            dominant_color: stored.dominantColor,
            width: probed.width,
            height: probed.height,
            video_status: 'processing',
          });
          await enqueueTranscode(tx, { media_base: base, pin_id: id, story_media_id: null, source_key: videoSourceKey(base), kind: 'video' });
        });
        videos++;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  for (const [i, idea] of DEMO_IDEAS.entries()) {
    // On the first board of its subject; without one (tests with plain boards), on its owner's board.
    const board = boards.find((b) => b.theme === idea.theme) ?? boards.find((b) => b.ownerId === owners[(i * 5 + 2) % owners.length]!.id) ?? null;
    const owner = board ? { id: board.ownerId } : owners[(i * 5 + 2) % owners.length]!;
    const theme = themeByKey(idea.theme);
    const pages: StoryPage[] = [];
    for (const [j, page] of idea.pages.entries()) {
      const img = await storeImageBuffer(media, await renderPicture(theme.draw(prng(9000 + i * 10 + j), page.section), 540, 960));
      pages.push({
        blocks: [{ type: 'story_pin_image_block' }, { type: 'story_pin_paragraph_block', text: page.text }],
        media: { media_base: img.mediaBase, images: img.images, dominant_color: img.dominantColor, width: img.width, height: img.height, video: null },
      });
    }
    const cover = pages[0]!.media!;
    await db.tx(async (tx) => {
      await makePin(tx, {
        id: newId(),
        pinner_id: owner.id,
        board_id: board?.id ?? null,
        section_id: null,
        parent_pin_id: null,
        title: idea.title,
        description: idea.description,
        link: '',
        alt_text: '',
        method: 'uploaded',
        media_base: cover.media_base,
        images: cover.images,
        dominant_color: cover.dominant_color,
        width: cover.width,
        height: cover.height,
        story_pin_data: { page_count: pages.length, pages, metadata: { pin_title: idea.title } },
        extra_media_bases: pages.map((p) => p.media!.media_base),
      });
    });
  }
  return { videos, ideas: DEMO_IDEAS.length };
}
