/**
 * Pins: make one from image bytes, save (repin) one, read, edit and delete.
 * An image is checked and stored first; if the database write then fails,
 * the stored files are removed so nothing half-made is left.
 */
import type { TAlreadySaved, TAlreadySavedOut, TCaptionsInput, TCreatePin, TRepin, TUpdatePin } from '@pinboard/shared/schemas/pins';
import { linkKey } from '@pinboard/shared/text/links';
import type { Db } from '../../db/client';
import { forbidden, invalid, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext, type Viewer } from '../../lib/context';
import type { MediaStore } from '../../media-pipeline/media-store';
import { perceptualHash } from '../../media-pipeline/picture-hashes';
import { ValidationError } from '../../lib/validation';
import { boardUrl, type BoardsService } from '../boards';
import type { Page, PageRequest } from '../../lib/paging';
import { blockAnswersAsMissing, blockBetween } from '../blocks';
import { presentPin } from './pins.present';
import { pinsRepo, type PinWithRefs, type SameThing, type StoredCaptions } from './pins.repo';
import { countPinsMoved, removePin, removeUnusedMedia, videoSourceKey } from './pin-lifecycle';
import { checkCaptions, createPinPipeline, storeCaptions } from './create-pin';
import { alreadySavedBoardSql, deletablePin, editablePin, pinAbilities, sameImageListedSql, seenPin } from './pins.policy';
import type { PresentedPin } from './pins.present';
import type { Editable, Visible } from '../../kernel/access.policy';
import type { SectionsService } from '../sections';
import type { PinBuilder } from '../pin-builder';
import type { EventEmitter } from '../../events/bus';
import type { ActionLimits } from '../../rate-limit/limits';
import type { EnqueueTranscode } from './transcode-job';

/** The viewer's favourite mark on a Pin: true or false, or null when the Pin is not theirs to mark. */
export interface PinFavorites {
  markOf(viewer: Viewer | null, pin: { id: string; pinner_id: string }): Promise<boolean | null>;
}

/** A Pin's details as its create input gives them. */
const detailsOf = (input: TCreatePin) => ({
  title: input.title,
  description: input.description,
  link: input.link,
  alt_text: input.alt_text,
  method: input.method,
});

/** Older Pins' links keyed by one hourly run, and in one statement. */
const LINK_KEYS_PER_RUN = 50_000;
const LINK_KEY_BATCH = 1_000;
/** Older pictures hashed in one hourly run, and in one batch (each is read from the media store and shrunk by sharp). */
const PICTURE_HASHES_PER_RUN = 2_000;
const PICTURE_HASH_BATCH = 50;

/**
 * The media key of a Pin's stored original from its `images`, whatever address prefix its URL has:
 * `ab/cd/<32 hex>_orig.jpg`, or the key of a size it is byte for byte the same as (store-image.ts).
 */
function originalKeyOf(images: Record<string, { url?: string }> | null): string | null {
  const url = images?.orig?.url;
  return (url && /([0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}_[a-z0-9]+\.(?:jpg|png))$/.exec(url)?.[1]) || null;
}

/** "Same picture elsewhere" shows one page of at most this many Pins. */
const SAME_IMAGE_MAX = 50;

export function createPinsService({
  db,
  media,
  boards,
  sections,
  pinBuilder,
  limits,
  enqueueTranscode,
  favorites,
  events,
}: {
  db: Db;
  media: MediaStore;
  boards: BoardsService;
  sections: SectionsService;
  pinBuilder: PinBuilder;
  limits: ActionLimits;
  /** Queues a video's or GIF's transcode in the transaction that made or retries its Pin (the job queue: decision 053). */
  enqueueTranscode: EnqueueTranscode;
  /** Whether the viewer marked a Pin as a favourite (favorites, wired in services.ts: it reads Pins, so pins do not import it). */
  favorites: PinFavorites;
  /** Announces pin.viewed (decision 070) and pin.created (decision 086). */
  events: EventEmitter;
}) {
  // Every Pin is made by the one creation pipeline (decision 082).
  const { createPin, placement } = createPinPipeline({ db, media, boards, sections, pinBuilder, limits, enqueueTranscode, events });

  async function visiblePin(ctx: RequestContext, id: string): Promise<Visible<PinWithRefs>> {
    const pin = seenPin(await pinsRepo.visibleById(db, id, ctx.viewer?.id ?? null));
    if (!pin) throw notFound('pin');
    return pin;
  }

  /** A Pin the viewer may see and change (its pinner), else 404 or 403 with `refusal`. */
  async function editableVisiblePin(ctx: RequestContext, id: string, refusal: string): Promise<Editable<PinWithRefs>> {
    const pin = editablePin(ctx.viewer, await visiblePin(ctx, id));
    if (!pin) throw forbidden(refusal);
    return pin;
  }

  /** Its pinner sets, replaces or (null) removes a video Pin's captions; a file no Pin names any more goes. */
  async function replaceCaptions(ctx: RequestContext, pin: Editable<PinWithRefs>, input: TCaptionsInput | null) {
    if (!pin.video_status || pin.embed_type) throw new ValidationError('captions', 'captions: only a video Pin takes captions.');
    if (input) await limits.take('pin_upload', ctx);
    const stored = input ? await storeCaptions(media, pin.media_base, checkCaptions(input)) : null;
    let old: StoredCaptions | null;
    try {
      old = await pinsRepo.setCaptions(db, pin.id, stored);
    } catch (err) {
      if (stored) await media.delete([stored.key]).catch(() => {});
      throw err;
    }
    if (old && !(await pinsRepo.captionsInUse(db, old.key))) await media.delete([old.key]).catch(() => {});
  }

  /**
   * Writes a Pin's edited fields, and its new place when `target` (a board the viewer may pin to, placement) is given;
   * only a Pin its pinner may change (decision 080).
   */
  async function changePin(pin: Editable<PinWithRefs>, input: TUpdatePin, target: Awaited<ReturnType<typeof placement>> | null, moving: boolean) {
    await db.tx(async (tx) => {
      await pinsRepo.update(tx, pin.id, {
        title: input.title,
        description: input.description,
        link: input.link,
        alt_text: input.alt_text,
        board_id: target ? (target.board?.id ?? null) : undefined,
        section_id: target ? target.sectionId : undefined,
        comments_enabled: input.comments_enabled,
      });
      if (moving) await countPinsMoved(tx, { from: pin.board_id, to: target?.board?.id ?? null, count: 1 });
    });
  }

  /** Queues a failed video's transcode again: only its pinner's (decision 080). */
  async function requeueVideo(pin: Editable<PinWithRefs>) {
    await db.tx(async (tx) => {
      await pinsRepo.markVideoProcessing(tx, pin.id);
      await enqueueTranscode(tx, {
        pin_id: pin.id,
        story_media_id: null,
        media_base: pin.media_base,
        source_key: videoSourceKey(pin.media_base),
        kind: pin.embed_type === 'gif' ? 'gif' : 'video',
      });
    });
  }

  /** A Pin as its reader gets it; its own pinner also learns whether they marked it as a favourite. */
  async function presentForViewer(ctx: RequestContext, pin: PinWithRefs) {
    const favorite = await favorites.markOf(ctx.viewer, pin);
    // Saving is refused across a block (repin): only a signed-in viewer who is not the pinner asks (decision 080).
    const blocked = !!ctx.viewer && ctx.viewer.id !== pin.pinner_id && (await blockBetween(db, ctx.viewer.id, pin.pinner_id)) !== null;
    const can = pinAbilities(ctx.viewer, pin, blocked);
    if (favorite === null) return { ...presentPin(pin), can };
    return { ...presentPin(pin), is_favorite: favorite, can };
  }

  return {
    visiblePin,

    createPin,

    /** An uploaded image (bytes), or `image_url` fetched by the server. */
    async create(ctx: RequestContext, input: TCreatePin, image: Buffer | null) {
      requireViewer(ctx);
      if (!image && !input.image_url) throw invalid('image: attach an image file, or send image_base64 or image_url.');
      if (input.captions) throw new ValidationError('captions', 'captions: only a video Pin takes captions.');
      const pin = await createPin(ctx, {
        source: image ? { kind: 'image', bytes: image } : { kind: 'image_url', url: input.image_url! },
        details: { ...detailsOf(input), method: input.method ?? (input.image_url ? 'scraped' : 'uploaded') },
        placement: input,
        guid: input.guid ?? ctx.idempotencyKey ?? null,
      });
      return presentPin(pin);
    },

    /**
     * Makes a Pin from an uploaded video (a temporary file): checked by its
     * bytes and by probing, its poster made now (the Pin's images), its upload
     * kept for the transcode job queued with the Pin. Answers at once with
     * `video_status: processing`.
     */
    async createVideo(ctx: RequestContext, input: TCreatePin, file: string) {
      const pin = await createPin(ctx, {
        source: { kind: 'video', file, captions: input.captions ?? null },
        details: detailsOf(input),
        placement: input,
        guid: input.guid ?? ctx.idempotencyKey ?? null,
      });
      return presentPin(pin);
    },

    /** Its pinner queues a failed video's transcode again (its upload is kept after a failure). */
    async retryVideo(ctx: RequestContext, id: string) {
      const viewer = requireViewer(ctx);
      const pin = await editableVisiblePin(ctx, id, 'Only the person who saved this Pin can edit it.');
      if (pin.video_status !== 'failed') throw invalid('retry_video: only a video that failed to process can be tried again.');
      await limits.take('video_retry', ctx);
      await requeueVideo(pin);
      return presentForViewer(ctx, (await pinsRepo.visibleById(db, pin.id, viewer.id))!);
    },

    async get(ctx: RequestContext, id: string) {
      const pin = await visiblePin(ctx, id);
      // A business's monthly views count it (partner).
      await events.emit('pin.viewed', { ctx, pinnerId: pin.pinner_id });
      return presentForViewer(ctx, pin);
    },

    /** Saves a Pin the viewer can see to one of their boards (or a section of it), or to their profile. */
    async repin(ctx: RequestContext, input: TRepin) {
      const viewer = requireViewer(ctx);
      const source = await visiblePin(ctx, input.pin_id);
      const block = await blockBetween(db, viewer.id, source.pinner_id);
      if (block) throw blockAnswersAsMissing(viewer.id, block) ? notFound('pin') : forbidden("You can't save this person's Pins.");
      if (source.video_status && source.video_status !== 'ready') throw invalid('pin_id: this video is not ready to save yet.');
      // A retried save (same Idempotency-Key) answers the Pin the first one made.
      const pin = await createPin(ctx, {
        source: { kind: 'saved', pin: source },
        details: { description: input.description },
        placement: input,
        guid: ctx.idempotencyKey ?? null,
      });
      return presentPin(pin);
    },

    async update(ctx: RequestContext, input: TUpdatePin) {
      const viewer = requireViewer(ctx);
      const pin = await editableVisiblePin(ctx, input.id, 'Only the person who saved this Pin can edit it.');
      if (input.captions !== undefined) await replaceCaptions(ctx, pin, input.captions);
      const moving = input.board_id !== undefined && input.board_id !== pin.board_id;
      const boardId = input.board_id === undefined ? pin.board_id : input.board_id;
      const sectionId = input.section_id === undefined ? (moving ? null : pin.section_id) : input.section_id;
      const target = moving || input.section_id !== undefined ? await placement(ctx, boardId, sectionId) : null;
      await changePin(pin, input, target, moving);
      return presentForViewer(ctx, (await pinsRepo.visibleById(db, pin.id, viewer.id))!);
    },

    /**
     * "Same picture elsewhere" (decision 095): the Pins the viewer may see showing the Pin's picture, by its bytes,
     * its stored image or a perceptual hash at most 7 bits away, nearest first; one page, no bookmark.
     */
    async sameImage(ctx: RequestContext, pinId: string, page: PageRequest): Promise<Page<PresentedPin>> {
      const pin = await visiblePin(ctx, pinId);
      const keys = await pinsRepo.pictureKeysOf(db, pin.id);
      const rows = await pinsRepo.samePicture(
        db,
        ctx.viewer?.id ?? null,
        { id: pin.id, media_base: pin.media_base, content_sha256: keys?.content_sha256 ?? null, phash: keys?.phash ?? null },
        sameImageListedSql('$1'),
        Math.min(page.pageSize, SAME_IMAGE_MAX),
      );
      return { items: rows.map(({ distance: _distance, ...row }) => presentPin(row)), bookmark: null };
    },

    /**
     * "Already saved to …" (decision 095): the viewer's own boards holding a Pin of theirs with the same picture
     * (bytes, stored image or a near perceptual hash) or link as the Pin named (that Pin aside), the bytes' hash
     * or the link given. Never another person's Pins: only the viewer's own are looked at.
     */
    async alreadySaved(ctx: RequestContext, input: TAlreadySaved): Promise<TAlreadySavedOut> {
      const viewer = requireViewer(ctx);
      const same: SameThing = {};
      let except: string | null = null;
      if (input.pin_id) {
        const pin = await visiblePin(ctx, input.pin_id);
        const keys = await pinsRepo.pictureKeysOf(db, pin.id);
        // '' marks a link that has no key (pins.repo storedLinkKey): it matches nothing.
        Object.assign(same, { contentSha256: keys?.content_sha256, phash: keys?.phash, mediaBase: pin.media_base, linkKey: keys?.link_key || null });
        except = pin.id;
      }
      if (input.content_sha256) same.contentSha256 = Buffer.from(input.content_sha256, 'hex');
      if (input.link) same.linkKey = linkKey(input.link) ?? same.linkKey;
      const rows = await pinsRepo.boardsHoldingSame(db, viewer.id, same, except, alreadySavedBoardSql('$1'));
      return { boards: rows.map((b) => ({ id: b.id, name: b.name, url: boardUrl(b.owner_username, b.slug) })) };
    },

    /**
     * The hourly housekeeping's part (decision 095): keys the links of Pins made before migration 0052, in batches,
     * at most LINK_KEYS_PER_RUN a run; answers how many were keyed.
     */
    async keyOlderLinks() {
      let keyed = 0;
      while (keyed < LINK_KEYS_PER_RUN) {
        const rows = await pinsRepo.linksToKey(db, LINK_KEY_BATCH);
        if (rows.length === 0) break;
        await pinsRepo.setLinkKeys(db, rows);
        keyed += rows.length;
      }
      return keyed;
    },

    /**
     * The hourly housekeeping's part (decision 095): the perceptual hash of Pins that have none (made before
     * migration 0052 kept them), from their stored original (re-encoded, which moves a perceptual hash by a
     * bit or two at most), so that "same picture elsewhere" finds them too. Oldest first from where the last
     * run stopped, at most PICTURE_HASHES_PER_RUN a run; a picture that cannot be read is passed over for
     * good. Answers how many were hashed.
     */
    async hashOlderPictures() {
      let after = await pinsRepo.pictureHashCursor(db);
      let looked = 0;
      let hashed = 0;
      while (looked < PICTURE_HASHES_PER_RUN) {
        const rows = await pinsRepo.picturesToHash(db, after, PICTURE_HASH_BATCH);
        if (rows.length === 0) break;
        const found: { id: string; phash: string }[] = [];
        for (const row of rows) {
          const key = originalKeyOf(row.images);
          const stored = key ? await media.get(key) : null;
          const phash = stored ? await perceptualHash(stored.data) : null;
          if (phash) found.push({ id: row.id, phash });
        }
        await pinsRepo.setPerceptualHashes(db, found);
        after = rows[rows.length - 1]!.id;
        await pinsRepo.setPictureHashCursor(db, after);
        looked += rows.length;
        hashed += found.length;
      }
      return hashed;
    },

    async delete(ctx: RequestContext, id: string) {
      requireViewer(ctx);
      const seen = await visiblePin(ctx, id);
      const boardOwner = seen.board_id ? (await boards.visibleBoard(ctx, seen.board_id)).owner_id : null;
      const pin = deletablePin(ctx.viewer, seen, boardOwner);
      if (!pin) throw forbidden('Only the person who saved this Pin or the board’s owner can delete it.');
      await db.tx((tx) => removePin(tx, pin));
      await removeUnusedMedia(db, media, [pin]);
      return { id: pin.id };
    },
  };
}

export type PinsService = ReturnType<typeof createPinsService>;
