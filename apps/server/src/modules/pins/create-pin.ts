/**
 * The one Pin creation pipeline (decision 082). Every surface that makes a Pin
 * (an uploaded image, a link's or an image URL's fetched image, a video, an
 * Idea Pin, a published collage, a save of another Pin, an imported export's
 * Pin) calls `createPin`,
 * which runs the same steps in the same order:
 *
 * 1. idempotency: with a guid, a Pin the pinner already made with it is
 *    answered at once, nothing stored again; so is the pinner's Pin of the
 *    same picture (the same original bytes) on the same board (decision 095);
 * 2. placement: the board (the board policy's edit check: `boardToPinTo`)
 *    and the section of it, or the profile;
 * 3. the source's checks (captions, Idea Pin pages), then its budget;
 * 4. media: the original stored with its derived sizes, or a video's poster
 *    and upload kept for the transcode queued with the Pin;
 * 5. publish: the Pin made with its details in one transaction, with its
 *    transcode job and whatever the caller writes alongside; if anything
 *    fails, every file written is removed; a concurrent retry that won, or a
 *    concurrent save of the same picture to the same board (the database's
 *    rule pins_same_picture_idx), answers its Pin and this one's files go.
 */
import { randomBytes } from 'node:crypto';
import type { TCaptionsInput } from '@pinboard/shared/schemas/pins';
import type { TStoryPageIn } from '@pinboard/shared/schemas/story-pins';
import type { Db } from '../../db/client';
import { invalid, keyedError } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import { keyedInvalid } from '../../lib/validation';
import { isAnimatedGif } from '../../media-pipeline/animated-gif';
import { findVideoTools } from '../../media-pipeline/ffmpeg';
import type { MediaStore } from '../../media-pipeline/media-store';
import { processImage, type ProcessedImage } from '../../media-pipeline/process-image';
import { contentSha256Of, pictureHashes } from '../../media-pipeline/picture-hashes';
import { posterFrame, probeVideo } from '../../media-pipeline/probe-video';
import { newMediaBase, storeImage } from '../../media-pipeline/store-image';
import { checkWebVtt } from '../../media-pipeline/webvtt';
import type { ActionLimits, BudgetName } from '../../rate-limit/limits';
import type { BoardsService } from '../boards';
import type { PinBuilder } from '../pin-builder';
import type { SectionsService } from '../sections';
import { makePin, videoSourceKey, type NewPin } from './pin-lifecycle';
import { pinsRepo, type PinWithRefs, type StoredCaptions } from './pins.repo';
import { buildStoryPages, checkStoryPages, storyPinFields } from './story-pages';
import type { EnqueueTranscode } from './transcode-job';
import type { EventEmitter } from '../../events/bus';

/** Where a new Pin's media comes from. */
export type PinSource =
  /** Image bytes: a multipart upload or `image_base64`. An animated GIF becomes a GIF Pin (decision 044). */
  | { kind: 'image'; bytes: Buffer }
  /** An image on another site, fetched by the server (a link's chosen image, an image URL). */
  | { kind: 'image_url'; url: string }
  /**
   * An uploaded video (a temporary file), with optional WebVTT captions; its budget is taken before the file is written.
   * Its poster is its own frame, or `cover` (image bytes: API v5's `cover_image_url`, decision 100), checked like an upload.
   */
  | { kind: 'video'; file: string; captions: TCaptionsInput | null; cover?: Buffer | null }
  /** An Idea Pin's pages: uploads of `uploadsOwnerId`, or images inline. */
  | { kind: 'story'; pages: TStoryPageIn[]; uploadsOwnerId: string }
  /** An image the caller draws (a collage); drawing takes its own budget. */
  | { kind: 'rendered'; render: () => Promise<ProcessedImage> }
  /** Another Pin, saved (a repin): its media, and its details unless given. */
  | { kind: 'saved'; pin: PinWithRefs }
  /**
   * A Pin of an imported export (decision 094): its image bytes already fetched, the date it was saved there
   * (its `created_at`), and whether it was a video there (imported as its cover image, method `imported_video`).
   * The import's own limits apply, not a budget per Pin.
   */
  | { kind: 'import'; bytes: Buffer; savedAt: Date | null; wasVideo: boolean }
  /** An image already processed and stored (a bulk upload's draft, decision 098): its budget was taken when it was uploaded. */
  | { kind: 'processed'; image: ProcessedDraftImage };

/** A stored image's fields, as a draft keeps them. */
interface ProcessedDraftImage {
  media_base: string;
  images: MediaFields['images'];
  dominant_color: string;
  width: number;
  height: number;
}

/** What the pinner says about the Pin; what is left out is empty (a saved Pin's own, for a save). */
export interface PinDetails {
  title?: string | undefined;
  description?: string | undefined;
  link?: string | undefined;
  alt_text?: string | undefined;
  /** How it was made; by default from its source (uploaded, scraped, collage, the saved Pin's). */
  method?: string | undefined;
}

/** The board (and a section of it) the Pin goes to; no board is the pinner's profile. */
interface PinPlacement {
  board_id?: string | null | undefined;
  section_id?: string | null | undefined;
}

/**
 * What `createPin` takes; named for the coming callers (an export's import, the API v5 `POST /v5/pins`: decision 082).
 * @public
 */
export interface CreatePinRequest {
  source: PinSource;
  details: PinDetails;
  placement: PinPlacement;
  /** A retry with the same guid (the input's guid, an Idempotency-Key) answers the first Pin; none: every call makes one. */
  guid?: string | null | undefined;
  /** Written in the Pin's transaction, after the Pin (a collage ends its draft): a throw undoes the Pin. */
  alsoInTransaction?: (tx: Db, pinId: string) => Promise<void>;
}

/** The entry point every Pin-making surface calls: answers the Pin as its pinner reads it. */
export type CreatePin = (ctx: RequestContext, request: CreatePinRequest) => Promise<PinWithRefs>;

type MediaFields = Omit<NewPin, 'id' | 'pinner_id' | 'board_id' | 'section_id' | 'parent_pin_id' | 'title' | 'description' | 'link' | 'alt_text' | 'method'>;

/** A source's media, stored: the Pin's fields, the transcode to queue, and what else its transaction writes. */
interface StoredMedia {
  fields: MediaFields;
  transcode?: { kind: 'video' | 'gif'; sourceKey: string };
  inTransaction?: (tx: Db) => Promise<void>;
}

/** Runs `work`; if it throws, every media key it pushed to `written` is removed (best effort) and the error goes on. */
export async function removingOnFailure<T>(media: Pick<MediaStore, 'delete'>, work: (written: string[]) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    return await work(written);
  } catch (err) {
    if (written.length > 0) await media.delete(written).catch(() => {});
    throw err;
  }
}

/**
 * An uploaded video, probed; its poster (its own frame, or the `cover` image given) stored and its file kept as the
 * transcode's source (keys pushed to `written`).
 */
export async function storeVideoUpload(media: MediaStore, file: string, written: string[], cover: Buffer | null = null) {
  const tools = findVideoTools();
  const probed = await probeVideo(tools, file);
  const poster = await processImage(cover ?? (await posterFrame(tools!, file, probed.durationMs)));
  const { name, base } = newMediaBase();
  const stored = await storeImage(media, poster, '/media/', name);
  const sourceKey = videoSourceKey(base);
  written.push(...stored.keys, sourceKey);
  await media.putFile(sourceKey, file, 'application/octet-stream');
  return { stored, probed, sourceKey };
}

/** Captions checked by parsing (400 naming captions.vtt), before anything is stored. */
export function checkCaptions(input: TCaptionsInput) {
  const checked = checkWebVtt(input.vtt);
  if (!checked.ok) throw keyedInvalid('captions.vtt', `captions.${checked.key}`, checked.args);
  return { text: checked.text, language: input.language };
}

/** Writes checked captions under the Pin's media base, a new key each time (media is cached as immutable). */
export async function storeCaptions(media: MediaStore, mediaBase: string, checked: { text: string; language: string }): Promise<StoredCaptions> {
  const key = `${mediaBase}_cc${randomBytes(4).toString('hex')}.vtt`;
  const data = Buffer.from(checked.text, 'utf8');
  await media.put(key, data, 'text/vtt; charset=utf-8');
  return { key, language: checked.language, bytes: data.length };
}

/** How a Pin was made, by its source (a caller may say otherwise). */
function methodOf(source: PinSource) {
  if (source.kind === 'image_url') return 'scraped';
  if (source.kind === 'rendered') return 'collage';
  if (source.kind === 'import') return source.wasVideo ? 'imported_video' : 'imported';
  return 'uploaded';
}

const stillFields = (stored: Awaited<ReturnType<typeof storeImage>>) => ({
  media_base: stored.base,
  images: stored.images,
  dominant_color: stored.dominantColor,
  width: stored.width,
  height: stored.height,
});

export function createPinPipeline({
  db,
  media,
  boards,
  sections,
  pinBuilder,
  limits,
  enqueueTranscode,
  events,
}: {
  db: Db;
  media: MediaStore;
  boards: BoardsService;
  sections: SectionsService;
  pinBuilder: PinBuilder;
  limits: ActionLimits;
  enqueueTranscode: EnqueueTranscode;
  /** Announces pin.created after commit (decision 086). */
  events: EventEmitter;
}) {
  /** The board (and section of it) the viewer may put a Pin in; no board means the profile. */
  async function placement(ctx: RequestContext, boardId: string | null | undefined, sectionId: string | null | undefined) {
    if (sectionId && !boardId) throw invalid('section_id: a section needs its board_id.');
    const board = boardId ? await boards.boardToPinTo(ctx, boardId) : null;
    if (sectionId) {
      const { section } = await sections.visibleSection(ctx, sectionId);
      if (section.board_id !== board?.id) throw invalid('section_id: that section is not on this board.');
    }
    return { board, sectionId: sectionId ?? null };
  }

  /**
   * Image bytes checked and stored, with the picture's keys from the original bytes (decision 095); an animated GIF
   * also keeps its bytes, to become a looping MP4.
   */
  async function storeStill(bytes: Buffer, written: string[]): Promise<StoredMedia> {
    const processed = await processImage(bytes);
    const hashes = await pictureHashes(bytes);
    const keys = { content_sha256: hashes.contentSha256, phash: hashes.phash };
    const gif = findVideoTools() !== null && (await isAnimatedGif(bytes));
    const stored = await storeImage(media, processed);
    written.push(...stored.keys);
    if (!gif) return { fields: { ...stillFields(stored), ...keys } };
    const sourceKey = videoSourceKey(stored.base);
    written.push(sourceKey);
    await media.put(sourceKey, bytes, 'application/octet-stream');
    return { fields: { ...stillFields(stored), ...keys, embed_type: 'gif', video_status: 'processing' }, transcode: { kind: 'gif', sourceKey } };
  }

  /** The pinner's Pin of this picture on the board, if any (the same original bytes: the rule pins_same_picture_idx holds). */
  const samePictureOnBoard = (pinnerId: string, boardId: string | null, contentSha256: Buffer | null | undefined) =>
    boardId && contentSha256 ? pinsRepo.idOfSamePicture(db, pinnerId, boardId, contentSha256) : Promise.resolve(null);

  /**
   * The source's checks, run before anything is stored; answers its budget
   * and how its media is stored.
   */
  async function checkSource(
    source: PinSource,
    details: PinDetails,
  ): Promise<{ budget: BudgetName | null; store: (written: string[]) => Promise<StoredMedia> }> {
    switch (source.kind) {
      case 'image':
        return { budget: 'pin_upload', store: (written) => storeStill(source.bytes, written) };
      case 'import':
        return {
          budget: null,
          async store(written) {
            const still = await storeStill(source.bytes, written);
            return source.savedAt ? { ...still, fields: { ...still.fields, created_at: source.savedAt } } : still;
          },
        };
      case 'image_url':
        // A fetched image goes through the same checks as an uploaded one.
        return { budget: 'pin_image_url', store: async (written) => storeStill(await pinBuilder.fetchImage(source.url), written) };
      case 'video': {
        const captions = source.captions ? checkCaptions(source.captions) : null;
        return {
          budget: null,
          async store(written) {
            const { stored, probed, sourceKey } = await storeVideoUpload(media, source.file, written, source.cover ?? null);
            const storedCaptions = captions ? await storeCaptions(media, stored.base, captions) : null;
            if (storedCaptions) written.push(storedCaptions.key);
            return {
              fields: { ...stillFields(stored), width: probed.width, height: probed.height, video_status: 'processing', captions: storedCaptions },
              transcode: { kind: 'video', sourceKey },
            };
          },
        };
      }
      case 'story': {
        const uploads = await checkStoryPages(db, source.uploadsOwnerId, source.pages, null);
        return {
          budget: 'story_pin',
          async store(written) {
            const pages = await buildStoryPages(media, source.pages, uploads, null, written);
            return { fields: storyPinFields(pages, details.title ?? ''), inTransaction: (tx) => pinsRepo.takeStoryMedia(tx, [...uploads.keys()]) };
          },
        };
      }
      case 'rendered':
        return {
          budget: null,
          async store(written) {
            const stored = await storeImage(media, await source.render());
            written.push(...stored.keys);
            return { fields: stillFields(stored) };
          },
        };
      case 'saved': {
        const p = source.pin;
        // A save shows the same picture: it keeps its Pin's keys.
        const keys = await pinsRepo.pictureKeysOf(db, p.id);
        const fields: MediaFields = {
          content_sha256: keys?.content_sha256 ?? null,
          phash: keys?.phash ?? null,
          media_base: p.media_base,
          images: p.images,
          dominant_color: p.dominant_color,
          width: p.width,
          height: p.height,
          video_status: p.video_status,
          video: p.video,
          story_pin_data: p.story_pin_data,
          extra_media_bases: p.extra_media_bases,
          embed_type: p.embed_type,
          captions: p.captions,
        };
        return { budget: null, store: async () => ({ fields }) };
      }
      case 'processed':
        return { budget: null, store: async () => ({ fields: { ...source.image } }) };
    }
  }

  /** The Pin that was there first; one its pinner may no longer see (a moderator removed it) is a conflict, said plainly. */
  async function answerSamePicture(id: string, viewerId: string) {
    const pin = await pinsRepo.visibleById(db, id, viewerId);
    if (!pin) throw keyedError('CONFLICT', 'pins.pictureAlreadyOnBoard');
    return pin;
  }

  const createPin: CreatePin = async (ctx, { source, details, placement: target, guid = null, alsoInTransaction }) => {
    const viewer = requireViewer(ctx);
    // A retry of a create that already happened answers its Pin, without storing anything again.
    const earlier = guid ? await pinsRepo.idByClientGuid(db, viewer.id, guid) : null;
    if (earlier) return (await pinsRepo.visibleById(db, earlier, viewer.id))!;
    const { board, sectionId } = await placement(ctx, target.board_id, target.section_id);
    // The same picture already on the board (an upload's bytes are known now) is answered like a retry.
    const knownBytes = source.kind === 'image' ? contentSha256Of(source.bytes) : null;
    const known = await samePictureOnBoard(viewer.id, board?.id ?? null, knownBytes);
    if (known) return answerSamePicture(known, viewer.id);
    const { budget, store } = await checkSource(source, details);
    if (budget) await limits.take(budget, ctx);
    const saved = source.kind === 'saved' ? source.pin : null;
    let id = newId();
    let isNew = false;
    await removingOnFailure(media, async (written) => {
      const stored = await store(written);
      const made = await db.tx(async (tx) => {
        const row = await makePin(
          tx,
          {
            id,
            pinner_id: viewer.id,
            board_id: board?.id ?? null,
            section_id: sectionId,
            parent_pin_id: saved?.id ?? null,
            title: details.title ?? saved?.title ?? '',
            description: details.description ?? saved?.description ?? '',
            link: details.link ?? saved?.link ?? '',
            alt_text: details.alt_text ?? saved?.alt_text ?? '',
            method: details.method ?? saved?.method ?? methodOf(source),
            ...stored.fields,
          },
          guid,
        );
        if (!row) return null;
        if (stored.transcode) {
          const { kind, sourceKey } = stored.transcode;
          await enqueueTranscode(tx, { pin_id: id, story_media_id: null, media_base: stored.fields.media_base, source_key: sourceKey, kind });
        }
        await stored.inTransaction?.(tx);
        await alsoInTransaction?.(tx, id);
        return row;
      });
      if (!made) {
        // The same request retried while the first was still running, or the same picture saved to the same board at the
        // same moment, made the Pin: answer that one, drop this one's files.
        if (written.length > 0) await media.delete(written).catch(() => {});
        const winner =
          (guid ? await pinsRepo.idByClientGuid(db, viewer.id, guid) : null) ??
          (await samePictureOnBoard(viewer.id, board?.id ?? null, stored.fields.content_sha256));
        if (!winner) throw new Error('a Pin insert did nothing, and neither its guid nor its picture names the Pin that won');
        id = winner;
      } else isNew = true;
    });
    if (!isNew) return answerSamePicture(id, viewer.id);
    await events.emit('pin.created', { pinId: id, pinnerId: viewer.id, boardId: board?.id ?? null, savedFromPinId: saved?.id ?? null });
    return (await pinsRepo.visibleById(db, id, viewer.id))!;
  };

  return { createPin, placement };
}
