/**
 * The comments module's public face: the SQL that counts the comments a
 * viewer does not see, for the Pin read (pins), so that a Pin's closeup
 * count agrees with its list (decision 045); and the moderation of one
 * comment, for reports' decisions (decision 057).
 */
import type { Queryable } from '../../db/client';
import { commentsRepo } from './comments.repo';

export { unseenCommentCountSql } from '../../kernel/comments.policy';

/** What a decision needs to know of a comment (whatever its state), and its state: removed, restricted, or back in view. */
export const commentModeration = {
  facts: (db: Queryable, id: string) => commentsRepo.moderationFacts(db, id),
  set: (db: Queryable, id: string, state: 'removed' | 'restricted' | null) => commentsRepo.setModeration(db, id, state),
};
