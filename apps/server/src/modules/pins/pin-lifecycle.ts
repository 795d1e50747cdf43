/**
 * The two steps every module that makes or removes Pins shares, so that
 * each is written once:
 *
 * - `makePin`: inserts a Pin inside the caller's transaction and keeps the
 *   counts it changes (its board's Pin count and last-pinned time, its
 *   parent's repin count). The creation pipeline (create-pin.ts, decision
 *   082) makes every Pin with it; the demo seed makes its videos with it.
 * - `removePin` and `countPinsMoved` keep the board counts when Pins go or
 *   move (one Pin edited onto another board, a cluster organized onto one).
 * - `removeUnusedMedia`: after Pins are gone, deletes the stored images that
 *   no remaining Pin uses (a deleted Pin, a bulk delete, purged boards).
 */
import type { Deletable } from '../../kernel/access.policy';
import type { Queryable } from '../../db/client';
import type { MediaStore } from '../../media-pipeline/media-store';
import { addToBoardPinCount } from '../boards';
import type { RemovableMedia } from '../../kernel/pin-media';

export type { RemovableMedia };
import { pinsRepo, type ImageVariant, type InsertPin } from './pins.repo';

export type NewPin = InsertPin;

/**
 * Makes the Pin and keeps the counts, in `tx`. With a client guid, a Pin the
 * pinner already made with it wins and null comes back (nothing counted).
 */
export async function makePin(tx: Queryable, pin: NewPin, clientGuid: string | null = null) {
  const row = await pinsRepo.insert(tx, pin, clientGuid);
  if (!row) return null;
  if (pin.parent_pin_id) await pinsRepo.addToRepinCount(tx, pin.parent_pin_id, 1);
  if (pin.board_id) await addToBoardPinCount(tx, pin.board_id, 1);
  return row;
}

/** Deletes the Pin in `tx` and keeps its board's Pin count. */
export async function removePin(tx: Queryable, pin: Deletable<{ id: string; board_id: string | null; pinner_id: string }>) {
  await pinsRepo.delete(tx, pin.id);
  if (pin.board_id) await addToBoardPinCount(tx, pin.board_id, -1);
}

/** Keeps the boards' Pin counts when `count` Pins moved from one board (or none: the profile) to another. */
export async function countPinsMoved(tx: Queryable, move: { from: string | null; to: string | null; count: number }) {
  if (move.from === move.to || move.count === 0) return;
  if (move.from) await addToBoardPinCount(tx, move.from, -move.count);
  if (move.to) await addToBoardPinCount(tx, move.to, move.count);
}

/** The stored keys of an image's variants. */
function mediaKeysOf(images: Record<string, Pick<ImageVariant, 'url'>> | null | undefined) {
  return [...new Set(Object.values(images ?? {}).map((v) => v.url.replace(/^\/media\//, '')))];
}

/** The source key of a video's upload, kept until it is transcoded (and after a failure, for a retry). */
export const videoSourceKey = (mediaBase: string) => `${mediaBase}_source.src`;

/** Every stored key of a Pin's media: its images, its video's renditions and upload. */
function allKeysOf(c: RemovableMedia) {
  const keys = mediaKeysOf(c.images);
  if (c.video_status) keys.push(videoSourceKey(c.media_base), ...(c.video?.keys ?? []));
  if (c.captions) keys.push(c.captions.key);
  return keys;
}

/** Deletes the media among these that no Pin uses any more; a store failure leaves files behind, never an error. */
export async function removeUnusedMedia(db: Queryable, media: Pick<MediaStore, 'delete'>, candidates: RemovableMedia[]) {
  const all = candidates.flatMap((c) => [
    c,
    ...(c.story_pin_data?.pages ?? []).flatMap((p) =>
      p.media ? [{ media_base: p.media.media_base, images: p.media.images, video_status: p.media.video ? 'ready' : null, video: p.media.video }] : [],
    ),
  ]);
  if (all.length === 0) return;
  const inUse = await pinsRepo.mediaBasesInUse(db, [...new Set(all.map((c) => c.media_base))]);
  const keys = new Set<string>();
  for (const c of all) if (!inUse.has(c.media_base)) for (const k of allKeysOf(c)) keys.add(k);
  if (keys.size > 0) await media.delete([...keys]).catch(() => {});
}
