/**
 * Idea (story) Pins (docs/product/api-contract.md §8): pages uploaded one by one
 * (StoryPinMediaResource: an image, or a video transcoded like a video
 * Pin's), then published as one Pin whose `story_pin_data` holds 1–20 pages
 * (StoryPinResource). Until published an upload is its owner's alone; on
 * publishing it becomes the Pin's (its media visible to whoever may see the
 * Pin: `extra_media_bases`). Uploads never published go after a day.
 */
import type { TCreateStoryPin, TStoryPageIn, TUpdateStoryPin } from '@pinboard/shared/schemas/story-pins';
import type { Db } from '../../db/client';
import { forbidden, invalid, notFound } from '../../lib/app-error';
import { keyedInvalid } from '../../lib/validation';
import { requireViewer, type RequestContext } from '../../lib/context';
import { decodeBase64Image } from '../../lib/data-url';
import { newId } from '../../lib/ids';
import { findVideoTools } from '../../media-pipeline/ffmpeg';
import type { MediaStore } from '../../media-pipeline/media-store';
import { processImage } from '../../media-pipeline/process-image';
import { posterFrame, probeVideo } from '../../media-pipeline/probe-video';
import { newMediaBase, storeImage } from '../../media-pipeline/store-image';
import type { ActionLimits } from '../../rate-limit/limits';
import { makePin, removeUnusedMedia, videoSourceKey } from './pin-lifecycle';
import type { EnqueueTranscode } from './transcode-job';
import { editablePin } from './pins.policy';
import type { Visible } from '../../kernel/access.policy';
import { presentPin } from './pins.present';
import { pinsRepo, type PinWithRefs, type StoryMediaRow, type StoryPage, type StoryPinData } from './pins.repo';

/** Uploads not published within this many hours are removed. */
const STORY_MEDIA_MAX_AGE_HOURS = 24;

function presentStoryMedia(m: StoryMediaRow) {
  return {
    id: m.id,
    images: m.images,
    dominant_color: m.dominant_color,
    width: m.width,
    height: m.height,
    is_video: m.video_status !== null,
    video_status: m.video_status,
    video_failure_reason: m.video_status === 'failed' ? m.video_error : null,
  };
}

type Placement = (
  ctx: RequestContext,
  boardId: string | null | undefined,
  sectionId: string | null | undefined,
) => Promise<{ board: { id: string } | null; sectionId: string | null }>;

export function createStoryPinsService({
  db,
  media,
  limits,
  placement,
  visiblePin,
  enqueueTranscode,
}: {
  db: Db;
  media: MediaStore;
  limits: ActionLimits;
  placement: Placement;
  visiblePin: (ctx: RequestContext, id: string) => Promise<Visible<PinWithRefs>>;
  /** Queues a page video's transcode in the transaction that stores the upload. */
  enqueueTranscode: EnqueueTranscode;
}) {
  /**
   * Checks every page's media before anything is decoded or stored: uploads
   * are the viewer's own, of the block's kind and processed; a kept page
   * exists in `current` (the Pin being edited) and is of the block's kind.
   * Answers the uploads by id.
   */
  async function checkPages(ownerId: string, input: TStoryPageIn[], current: StoryPage[] | null) {
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
  async function buildPages(input: TStoryPageIn[], uploads: Map<string, StoryMediaRow>, current: StoryPage[] | null, written: string[]) {
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

  return {
    /** One page's image (bytes) or video (a temporary file), kept for its owner until published. */
    async upload(ctx: RequestContext, image: Buffer | null, video: string | null) {
      const viewer = requireViewer(ctx);
      if (!image && !video) throw invalid('image: attach an image or a video file, or send image_base64.');
      const tools = video ? findVideoTools() : null;
      // A video's upload budget was taken before the file was written (the route's beforeVideo).
      if (!video) await limits.take('story_pin', ctx);
      const probed = video ? await probeVideo(tools, video) : null;
      const processed = await processImage(video ? await posterFrame(tools!, video, probed!.durationMs) : image!);
      const { name, base } = newMediaBase();
      const stored = await storeImage(media, processed, '/media/', name);
      const written = [...stored.keys, ...(video ? [videoSourceKey(base)] : [])];
      const row: StoryMediaRow = {
        id: newId(),
        owner_id: viewer.id,
        media_base: base,
        images: stored.images,
        dominant_color: stored.dominantColor,
        width: probed?.width ?? stored.width,
        height: probed?.height ?? stored.height,
        video_status: video ? 'processing' : null,
        video: null,
        video_error: null,
      };
      try {
        if (video) await media.putFile(videoSourceKey(base), video, 'application/octet-stream');
        await db.tx(async (tx) => {
          await pinsRepo.insertStoryMedia(tx, row);
          if (video) await enqueueTranscode(tx, { media_base: base, pin_id: null, story_media_id: row.id, source_key: videoSourceKey(base), kind: 'video' });
        });
      } catch (err) {
        await media.delete(written).catch(() => {});
        throw err;
      }
      return presentStoryMedia(row);
    },

    async uploaded(ctx: RequestContext, id: string) {
      const viewer = requireViewer(ctx);
      const [row] = await pinsRepo.storyMediaOf(db, viewer.id, [id]);
      if (!row) throw notFound('upload');
      return presentStoryMedia(row);
    },

    async create(ctx: RequestContext, input: Omit<TCreateStoryPin, 'orbac_subject_id'>) {
      const viewer = requireViewer(ctx);
      const { board, sectionId } = await placement(ctx, input.board_id, input.section_id);
      // Acting as a business, the pages are the uploads of the person who acts (ctx.actor; decision 043).
      const uploads = await checkPages((ctx.actor ?? viewer).id, input.pages, null);
      await limits.take('story_pin', ctx);
      const written: string[] = [];
      try {
        const pages = await buildPages(input.pages, uploads, null, written);
        const cover = pages[0]!.media!;
        const data: StoryPinData = { page_count: pages.length, pages, metadata: { pin_title: input.title ?? '' } };
        const id = newId();
        await db.tx(async (tx) => {
          await makePin(tx, {
            id,
            pinner_id: viewer.id,
            board_id: board?.id ?? null,
            section_id: sectionId,
            parent_pin_id: null,
            title: input.title ?? '',
            description: input.description ?? '',
            link: '',
            alt_text: '',
            method: 'uploaded',
            media_base: cover.media_base,
            images: cover.images,
            dominant_color: cover.dominant_color,
            width: cover.width,
            height: cover.height,
            story_pin_data: data,
            extra_media_bases: [...new Set(pages.map((p) => p.media!.media_base))],
          });
          await pinsRepo.takeStoryMedia(tx, [...uploads.keys()]);
        });
        return presentPin((await pinsRepo.visibleById(db, id, viewer.id))!);
      } catch (err) {
        await media.delete(written).catch(() => {});
        throw err;
      }
    },

    /**
     * Edits the title and description, and (with `pages`) the pages: each a
     * new upload or a page the Pin has now (`keep_page`), checked as on
     * publishing; the media of pages left out is removed unless a save of
     * the Pin still shows it.
     */
    async update(ctx: RequestContext, input: TUpdateStoryPin) {
      const viewer = requireViewer(ctx);
      const seen = await visiblePin(ctx, input.id);
      if (!seen.story_pin_data) throw notFound('ideaPin');
      const pin = editablePin(ctx.viewer, seen);
      if (!pin?.story_pin_data) throw forbidden('Only the person who made this Idea Pin can edit it.');
      if (input.pages) {
        const current = pin.story_pin_data.pages;
        const uploads = await checkPages(viewer.id, input.pages, current);
        await limits.take('story_pin', ctx);
        const written: string[] = [];
        let pages: StoryPage[];
        try {
          pages = await buildPages(input.pages, uploads, current, written);
          const cover = pages[0]!.media!;
          const data: StoryPinData = { page_count: pages.length, pages, metadata: { pin_title: input.title ?? pin.story_pin_data.metadata.pin_title } };
          await db.tx(async (tx) => {
            await pinsRepo.replaceStoryPages(tx, pin.id, {
              media_base: cover.media_base,
              images: cover.images,
              dominant_color: cover.dominant_color,
              width: cover.width,
              height: cover.height,
              story_pin_data: data,
              extra_media_bases: [...new Set(pages.map((p) => p.media!.media_base))],
            });
            await pinsRepo.takeStoryMedia(tx, [...uploads.keys()]);
          });
        } catch (err) {
          await media.delete(written).catch(() => {});
          throw err;
        }
        const kept = new Set(pages.map((p) => p.media!.media_base));
        const gone = current.flatMap((p) => (p.media && !kept.has(p.media.media_base) ? [p.media] : []));
        await removeUnusedMedia(
          db,
          media,
          gone.map((m) => ({ media_base: m.media_base, images: m.images, video_status: m.video ? 'ready' : null, video: m.video })),
        );
      }
      await pinsRepo.update(db, pin.id, { title: input.title, description: input.description });
      if (input.title !== undefined) await pinsRepo.setStoryTitle(db, pin.id, input.title);
      return presentPin((await pinsRepo.visibleById(db, pin.id, viewer.id))!);
    },

    /** Uploads never published: removed with their files. */
    async purgeStale() {
      const stale = await pinsRepo.staleStoryMedia(db, STORY_MEDIA_MAX_AGE_HOURS);
      await removeUnusedMedia(db, media, stale);
      return stale.length;
    },
  };
}
