/**
 * The comments module's public face: the moderation of one comment, for
 * reports' decisions (decision 057). The SQL that counts the comments a
 * viewer does not see (decision 045) is the kernel's comments.policy.ts,
 * which the Pin read imports from there.
 */
import type { Queryable } from '../../db/client';
import { commentsRepo } from './comments.repo';

/** What a decision needs to know of a comment (whatever its state), and its state: removed, restricted, or back in view. */
export const commentModeration = {
  facts: (db: Queryable, id: string) => commentsRepo.moderationFacts(db, id),
  set: (db: Queryable, id: string, state: 'removed' | 'restricted' | null) => commentsRepo.setModeration(db, id, state),
};
