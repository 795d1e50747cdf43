/**
 * An Idea Pin's pages (docs/product/api-contract.md §8), checked and built the
 * same way when one is published (through the Pin creation pipeline,
 * decision 082) and when its pages are edited.
 */
import type { TStoryPageIn } from '@pinboard/shared/schemas/story-pins';
import type { Queryable } from '../../db/client';
import { decodeBase64Image } from '../../lib/data-url';
import { keyedInvalid } from '../../lib/validation';
import type { MediaStore } from '../../media-pipeline/media-store';
import { processImage } from '../../media-pipeline/process-image';
import { storeImage } from '../../media-pipeline/store-image';
import { pinsRepo, type StoryMediaRow, type StoryPage } from './pins.repo';

/**
 * Checks every page's media before anything is decoded or stored: uploads
 * are the viewer's own, of the block's kind and processed; a kept page
 * exists in `current` (the Pin being edited) and is of the block's kind.
 * Answers the uploads by id.
 */
export async function checkStoryPages(db: Queryable, ownerId: string, input: TStoryPageIn[], current: StoryPage[] | null) {
  const ids = input.flatMap((p) => p.blocks.flatMap((b) => ('media_id' in b && b.media_id ? [b.media_id] : [])));
  const uploads = new Map((await pinsRepo.storyMediaOf(db, ownerId, ids)).map((m) => [m.id, m]));
  input.forEach((page, i) =>
    page.blocks.forEach((b, j) => {
      if (b.type === 'story_pin_paragraph_block') return;
      if (b.keep_page !== undefined) {
        const field = `pages.${i}.blocks.${j}.keep_page`;
        if (!current) throw keyedInvalid(field, 'storyPins.noPagesToKeep', { field });
        const kept = current[b.keep_page]?.media;
        if (!kept) throw keyedInvalid(field, 'storyPins.noSuchPage', { field, page: String(b.keep_page) });
        if (b.type === 'story_pin_video_block' && !kept.video) throw keyedInvalid(field, 'storyPins.pageIsImage', { field });
        if (b.type === 'story_pin_image_block' && kept.video) throw keyedInvalid(field, 'storyPins.pageIsVideo', { field });
        return;
      }
      if (!b.media_id) return;
      const m = uploads.get(b.media_id);
      const field = `pages.${i}.blocks.${j}.media_id`;
      if (!m) throw keyedInvalid(field, 'storyPins.noSuchUpload', { field });
      if (b.type === 'story_pin_video_block' && m.video_status === null) throw keyedInvalid(field, 'storyPins.uploadIsImage', { field });
      if (b.type === 'story_pin_image_block' && m.video_status !== null) throw keyedInvalid(field, 'storyPins.uploadIsVideo', { field });
      if (m.video_status === 'processing') throw keyedInvalid(field, 'storyPins.videoProcessing', { field });
      if (m.video_status === 'failed') throw keyedInvalid(field, 'storyPins.videoFailed', { field });
    }),
  );
  return uploads;
}

/** The pages as stored; images sent inline are stored now (their keys pushed to `written`, for removal on failure). */
export async function buildStoryPages(
  media: MediaStore,
  input: TStoryPageIn[],
  uploads: Map<string, StoryMediaRow>,
  current: StoryPage[] | null,
  written: string[],
) {
  const pages: StoryPage[] = [];
  for (const page of input) {
    let pageMedia: StoryPage['media'] = null;
    const blocks: StoryPage['blocks'] = [];
    for (const b of page.blocks) {
      if (b.type === 'story_pin_paragraph_block') {
        blocks.push({ type: b.type, text: b.text });
        continue;
      }
      if (b.keep_page !== undefined) {
        pageMedia = current![b.keep_page]!.media;
      } else if (b.type === 'story_pin_image_block' && b.image_base64) {
        const stored = await storeImage(media, await processImage(decodeBase64Image(b.image_base64)));
        written.push(...stored.keys);
        pageMedia = {
          media_base: stored.base,
          images: stored.images,
          dominant_color: stored.dominantColor,
          width: stored.width,
          height: stored.height,
          video: null,
        };
      } else {
        const m = uploads.get(b.media_id!)!;
        pageMedia = { media_base: m.media_base, images: m.images, dominant_color: m.dominant_color, width: m.width, height: m.height, video: m.video };
      }
      blocks.push({ type: b.type });
    }
    pages.push({ blocks, media: pageMedia });
  }
  return pages;
}

/** The Pin fields an Idea Pin's pages set: its cover (the first page's media) and every page's media base. */
export function storyPinFields(pages: StoryPage[], title: string) {
  const cover = pages[0]!.media!;
  return {
    media_base: cover.media_base,
    images: cover.images,
    dominant_color: cover.dominant_color,
    width: cover.width,
    height: cover.height,
    story_pin_data: { page_count: pages.length, pages, metadata: { pin_title: title } },
    extra_media_bases: [...new Set(pages.map((p) => p.media!.media_base))],
  };
}
