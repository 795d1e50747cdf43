/**
 * Demo video Pins and Idea Pins, made locally at seed time: the videos by
 * ffmpeg's own generators (nothing is downloaded), queued for transcoding
 * like uploads (the job queue's workers make them ready within
 * seconds); the Idea Pins of generated images. Without ffmpeg, the videos
 * are left out.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../db/client';
import { newId } from '../lib/ids';
import { findVideoTools } from '../media/ffmpeg';
import type { MediaStore } from '../media/media-store';
import { processImage } from '../media/process-image';
import { posterFrame, probeVideo } from '../media/probe-video';
import { newMediaBase, storeImage } from '../media/store-image';
import { makeTestVideo } from '../media/test-videos';
import { makePin, videoSourceKey } from '../modules/pins/pin-lifecycle';
import { type StoryPage } from '../modules/pins/pins.repo';
import type { EnqueueTranscode } from '../modules/pins/transcode-job';
import { makeStoredImage } from './factories';

const VIDEOS: { title: string; source: string; width: number; height: number }[] = [
  { title: 'Colour test pattern', source: 'testsrc2', width: 640, height: 360 },
  { title: 'Colour bars, upright', source: 'rgbtestsrc', width: 360, height: 640 },
  { title: 'Bars and tone', source: 'smptehdbars', width: 640, height: 360 },
];

const IDEAS: { title: string; pages: string[] }[] = [
  { title: 'Three steps to a calmer desk', pages: ['Clear everything off', 'Put back only what you use daily', 'Add one plant'] },
  { title: 'A weekend loaf', pages: ['Mix flour, water, salt and yeast', 'Fold every 30 minutes', 'Bake hot, then cool completely'] },
];

export async function seedDemoVideos(
  { db, media, enqueueTranscode }: { db: Db; media: MediaStore; enqueueTranscode: EnqueueTranscode },
  owners: { id: string }[],
  boards: { id: string; ownerId: string }[],
  seconds = 4,
) {
  const tools = findVideoTools();
  let videos = 0;
  if (tools) {
    const dir = await mkdtemp(path.join(tmpdir(), 'pinboard-demo-video-'));
    try {
      for (const [i, v] of VIDEOS.entries()) {
        const owner = owners[(i * 3 + 1) % owners.length]!;
        const board = boards.find((b) => b.ownerId === owner.id) ?? null;
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
            id, pinner_id: owner.id, board_id: board?.id ?? null, section_id: null, parent_pin_id: null, title: v.title, description: 'Made on this server by ffmpeg.',
            link: '', alt_text: '', method: 'uploaded', media_base: base, images: stored.images, dominant_color: stored.dominantColor,
            width: probed.width, height: probed.height, video_status: 'processing',
          });
          await enqueueTranscode(tx, { media_base: base, pin_id: id, story_media_id: null, source_key: videoSourceKey(base), kind: 'video' });
        });
        videos++;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  for (const [i, idea] of IDEAS.entries()) {
    const owner = owners[(i * 5 + 2) % owners.length]!;
    const board = boards.find((b) => b.ownerId === owner.id) ?? null;
    const pages: StoryPage[] = [];
    for (const [j, text] of idea.pages.entries()) {
      const img = await makeStoredImage(media, { seed: 9000 + i * 10 + j, width: 540, height: 960 });
      pages.push({
        blocks: [{ type: 'story_pin_image_block' }, { type: 'story_pin_paragraph_block', text }],
        media: { media_base: img.mediaBase, images: img.images, dominant_color: img.dominantColor, width: img.width, height: img.height, video: null },
      });
    }
    const cover = pages[0]!.media!;
    await db.tx(async (tx) => {
      await makePin(tx, {
        id: newId(), pinner_id: owner.id, board_id: board?.id ?? null, section_id: null, parent_pin_id: null, title: idea.title, description: '',
        link: '', alt_text: '', method: 'uploaded', media_base: cover.media_base, images: cover.images, dominant_color: cover.dominant_color,
        width: cover.width, height: cover.height, story_pin_data: { page_count: pages.length, pages, metadata: { pin_title: idea.title } },
        extra_media_bases: pages.map((p) => p.media!.media_base),
      });
    });
  }
  return { videos, ideas: IDEAS.length };
}
