/** The pins module's public face: its service, presenters, moderation's reads and writes (the Pin read and its shape are the kernel's, decision 081). */
import type { Queryable } from '../../db/client';
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
