/** The pins module's public face: its service, presenters, moderation's reads and writes (the Pin read and its shape are the kernel's, decision 081). */
import { linkKey } from '@pinboard/shared/text/links';
import type { Queryable } from '../../db/client';
import { contentSha256Of } from '../../media-pipeline/picture-hashes';
import { pinsRepo } from './pins.repo';

export type { PinsService } from './pins.service';
export { presentPin, type PresentedPin } from './pins.present';
export { countPinsMoved, removeUnusedMedia, type RemovableMedia } from './pin-lifecycle';
export type { CreatePin } from './create-pin';

/** A Pin by id whatever its visibility (moderators deciding on a report): owner, board, image, state. */
export const pinModerationFacts = (db: Queryable, id: string) => pinsRepo.moderationFacts(db, id);
/** Removes or restricts the Pin and every Pin showing its image; answers the boards to recount. */
export const setPinImageModeration = (db: Queryable, id: string, state: 'removed' | 'restricted' | null) => pinsRepo.setImageModeration(db, id, state);
export { runTranscode, transcodePayload, TranscodeFailed, type TranscodeJob } from './transcode-job';

/**
 * For an import or a bulk upload (decision 095): the Pin the person already has on the board with the same
 * original bytes or the same link (by its key: scheme, `www.`, trailing slash, tracking parameters and fragment
 * do not count), or null. The caller collapses such an item into that Pin and counts it as a duplicate.
 * @public
 */
export async function duplicateOnBoard(db: Queryable, item: { pinnerId: string; boardId: string; bytes?: Buffer | null; link?: string | null }) {
  return pinsRepo.idOnBoardWithSame(db, item.pinnerId, item.boardId, item.bytes ? contentSha256Of(item.bytes) : null, item.link ? linkKey(item.link) : null);
}
