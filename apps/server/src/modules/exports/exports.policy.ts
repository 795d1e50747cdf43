/**
 * What a data export holds and who may fetch it (decision 096):
 *
 * - An export, its state and its download are its owner's alone: anyone else,
 *   signed out or in, gets 404 as for a missing one. Its download works for 7
 *   days after it finished (`expires_at`), then answers a keyed 404.
 * - It holds one's own content as one sees it oneself: one's boards (secret,
 *   protected and archived ones too; not deleted ones) with their sections; the
 *   Pins one made on them or on one's profile (not those one added to someone
 *   else's board, nor collaborators' Pins on one's boards); one's own comments
 *   on Pins one may still see (none of anyone else's words); the people and boards
 *   one follows that one may still see (no one removed, no one across a block either
 *   way, no board one may no longer see or that is not listed to one).
 * Each rule in its SQL form over the exporting person `personParam`, built on the
 * kernel's rules of boards, Pins, comments, people and blocks.
 */
import { accountInViewSql, listedBoardSql, notBlockedSql, visibleBoardSql, visibleCommentSql, visiblePinSql } from '../../kernel';

/** How long a finished export's download works. */
export const EXPORT_LIFETIME_DAYS = 7;

/** The owner alone may read an export: the function form the routes use (others get 404). */
export function ownsExport(row: { user_id: string }, viewerId: string | null): boolean {
  return viewerId !== null && row.user_id === viewerId;
}

/** The owner's download works while the export is done and its link has not expired. */
export function downloadable(row: { status: string; expires_at: Date | null }, now = new Date()): boolean {
  return row.status === 'done' && row.expires_at !== null && row.expires_at.getTime() > now.getTime();
}

/** SQL: board `alias` is one of the person's own, as they see it (secret, protected, archived included). */
export function ownBoardSql(personParam: string, alias = 'b') {
  return `(${alias}.owner_id = ${personParam} AND ${visibleBoardSql(personParam, alias)})`;
}

/** SQL: Pin `pinAlias` (board `boardAlias`, LEFT JOINed) is the person's own, on their profile or one of their own boards. */
export function ownPinSql(personParam: string, pinAlias = 'p', boardAlias = 'b') {
  return `(${pinAlias}.pinner_id = ${personParam} AND (${pinAlias}.board_id IS NULL OR ${boardAlias}.owner_id = ${personParam})
    AND ${visiblePinSql(personParam, pinAlias, boardAlias)})`;
}

/** SQL: comment `alias` (on Pin `pinAlias`, board `boardAlias` LEFT JOINed) is the person's own, on a Pin they may still see. */
export function ownCommentSql(personParam: string, alias = 'c', pinAlias = 'p', boardAlias = 'b') {
  return `(${alias}.author_id = ${personParam} AND ${visiblePinSql(personParam, pinAlias, boardAlias)}
    AND ${visibleCommentSql(personParam, `${pinAlias}.pinner_id`, alias)})`;
}

/** SQL: the followed person `userIdExpr` may still be named to the follower: not removed, no block either way. */
export function followedPersonSql(personParam: string, userIdExpr: string) {
  return `(${accountInViewSql(userIdExpr)} AND ${notBlockedSql(personParam, userIdExpr)})`;
}

/** SQL: the followed board `alias` may still be named to the follower: visible to them, listed to them, its owner not blocked. */
export function followedBoardSql(personParam: string, alias = 'fb') {
  return `(${visibleBoardSql(personParam, alias)} AND ${listedBoardSql(personParam, alias)} AND ${notBlockedSql(personParam, `${alias}.owner_id`)})`;
}
