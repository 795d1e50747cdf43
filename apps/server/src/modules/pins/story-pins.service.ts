/**
 * Idea (story) Pins (docs/product/api-contract.md §8): pages uploaded one by one
 * (StoryPinMediaResource: an image, or a video transcoded like a video
 * Pin's), then published as one Pin whose `story_pin_data` holds 1–20 pages
 * (StoryPinResource). Until published an upload is its owner's alone; on
 * publishing it becomes the Pin's (its media visible to whoever may see the
 * Pin: `extra_media_bases`). Uploads never published go after a day.
 */
import type { TCreateStoryPin, TUpdateStoryPin } from '@pinboard/shared/schemas/story-pins';
import type { Db } from '../../db/client';
import { forbidden, invalid, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import type { MediaStore } from '../../media-pipeline/media-store';
import { processImage } from '../../media-pipeline/process-image';
import { storeImage } from '../../media-pipeline/store-image';
import type { ActionLimits } from '../../rate-limit/limits';
import { removingOnFailure, storeVideoUpload, type CreatePin } from './create-pin';
import { removeUnusedMedia } from './pin-lifecycle';
import type { EnqueueTranscode } from './transcode-job';
import { editablePin } from './pins.policy';
import type { Visible } from '../../kernel/access.policy';
import { presentPin } from './pins.present';
import { pinsRepo, type PinWithRefs, type StoryMediaRow } from './pins.repo';
import { buildStoryPages, checkStoryPages, storyPinFields } from './story-pages';

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

export function createStoryPinsService({
  db,
  media,
  limits,
  createPin,
  visiblePin,
  enqueueTranscode,
}: {
  db: Db;
  media: MediaStore;
  limits: ActionLimits;
  /** The Pin creation pipeline (decision 082). */
  createPin: CreatePin;
  visiblePin: (ctx: RequestContext, id: string) => Promise<Visible<PinWithRefs>>;
  /** Queues a page video's transcode in the transaction that stores the upload. */
  enqueueTranscode: EnqueueTranscode;
}) {
  return {
    /** One page's image (bytes) or video (a temporary file), kept for its owner until published. */
    async upload(ctx: RequestContext, image: Buffer | null, video: string | null) {
      const viewer = requireViewer(ctx);
      if (!image && !video) throw invalid('image: attach an image or a video file, or send image_base64.');
      // A video's upload budget was taken before the file was written (the route's beforeVideo).
      if (!video) await limits.take('story_pin', ctx);
      const row = await removingOnFailure(media, async (written) => {
        const upload = video ? await storeVideoUpload(media, video, written) : null;
        const stored = upload?.stored ?? (await storeImage(media, await processImage(image!)));
        if (!upload) written.push(...stored.keys);
        const row: StoryMediaRow = {
          id: newId(),
          owner_id: viewer.id,
          media_base: stored.base,
          images: stored.images,
          dominant_color: stored.dominantColor,
          width: upload?.probed.width ?? stored.width,
          height: upload?.probed.height ?? stored.height,
          video_status: video ? 'processing' : null,
          video: null,
          video_error: null,
        };
        await db.tx(async (tx) => {
          await pinsRepo.insertStoryMedia(tx, row);
          if (upload)
            await enqueueTranscode(tx, { media_base: row.media_base, pin_id: null, story_media_id: row.id, source_key: upload.sourceKey, kind: 'video' });
        });
        return row;
      });
      return presentStoryMedia(row);
    },

    async uploaded(ctx: RequestContext, id: string) {
      const viewer = requireViewer(ctx);
      const [row] = await pinsRepo.storyMediaOf(db, viewer.id, [id]);
      if (!row) throw notFound('upload');
      return presentStoryMedia(row);
    },

    /** Publishes the pages as one Pin, through the Pin creation pipeline (decision 082). */
    async create(ctx: RequestContext, input: Omit<TCreateStoryPin, 'orbac_subject_id'>) {
      const viewer = requireViewer(ctx);
      const pin = await createPin(ctx, {
        // Acting as a business, the pages are the uploads of the person who acts (ctx.actor; decision 043).
        source: { kind: 'story', pages: input.pages, uploadsOwnerId: (ctx.actor ?? viewer).id },
        details: { title: input.title, description: input.description },
        placement: input,
      });
      return presentPin(pin);
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
        const uploads = await checkStoryPages(db, viewer.id, input.pages, current);
        await limits.take('story_pin', ctx);
        const pages = await removingOnFailure(media, async (written) => {
          const pages = await buildStoryPages(media, input.pages!, uploads, current, written);
          await db.tx(async (tx) => {
            await pinsRepo.replaceStoryPages(tx, pin.id, storyPinFields(pages, input.title ?? pin.story_pin_data!.metadata.pin_title));
            await pinsRepo.takeStoryMedia(tx, [...uploads.keys()]);
          });
          return pages;
        });
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
