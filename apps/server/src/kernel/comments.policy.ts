/**
 * Who may see, write and delete comments (docs/product/api-contract.md §8).
 *
 * - Seeing: the comments of a Pin are for the people who may see the Pin
 *   (pins' one visibility rule, so a secret board's Pin answers 404 to
 *   everyone else), less the comments of anyone with a block between them and
 *   the viewer, either way (`visibleCommentSql`). The Pin's owner sees every
 *   comment on it, so that they can delete one by someone they blocked.
 *   A removed person's comments (users.policy, decision 045) are for no one.
 *   A comment removed by a moderation decision is for no one, a restricted
 *   one for its author alone (decision 057). A reply is seen only with its
 *   comment: a reply whose top-level comment the viewer does not see is not
 *   seen either (decision 090).
 * - Writing: a Pin whose owner left its comments on, by someone with no block
 *   between them and the Pin's owner (a block the viewer did not make answers
 *   as a missing Pin: blocks.policy `blockAnswersAsMissing`).
 *   A reply (decision 090) answers a comment the viewer sees, with no block
 *   between the replier and that comment's author.
 * - Hearting: a comment the viewer sees, with no block between them and its
 *   author (decision 090).
 * - Deleting: the comment's author, or the Pin's owner; a comment's replies go
 *   with it.
 */
import type { Viewer } from '../lib/context';
import type { Deletable, Visible } from './access.policy';
import { blockedEitherWaySql, notBlockedSql } from './blocks.policy';
import { accountInViewSql, removedAccountIdsSql } from './users.policy';

export const COMMENTS_OFF = 'Comments are turned off for this Pin.';
export const CANT_COMMENT_BLOCKED = "You can't comment on this person's Pins.";
export const CANT_DELETE_COMMENT = 'Only the person who wrote this comment or the Pin’s owner can delete it.';
export const CANT_REPORT_OWN_COMMENT = 'comment_id: you cannot report your own comment.';

export function canComment(pin: { comments_enabled: boolean }): boolean {
  return pin.comments_enabled;
}

function canDeleteComment(viewer: Viewer | null, comment: { author_id: string }, pin: { pinner_id: string }): boolean {
  return !!viewer && (viewer.id === comment.author_id || viewer.id === pin.pinner_id);
}

/** What the viewer may do with a comment they see (decision 080): delete it (canDeleteComment). */
export function commentAbilities(viewer: Viewer | null, comment: { author_id: string }, pin: { pinner_id: string }) {
  return { delete: canDeleteComment(viewer, comment, pin) };
}

/** A comment read through visibleCommentSql, branded as seen (decision 080); null when there was none. */
export function seenComment<T extends { author_id: string }>(row: T | null | undefined): Visible<T> | null {
  return row ? (row as Visible<T>) : null;
}

/** The seen comment, branded as one the viewer may delete (canDeleteComment), or null. */
export function deletableComment<T extends { author_id: string }>(viewer: Viewer | null, comment: Visible<T>, pin: { pinner_id: string }): Deletable<T> | null {
  return canDeleteComment(viewer, comment, pin) ? (comment as Deletable<T>) : null;
}

/**
 * SQL: the comment `c` may be shown to the viewer `viewerParam` (an id or
 * NULL), given that the viewer may see its Pin, whose pinner is `pinnerSql`:
 * the viewer owns the Pin, or no block stands between the comment's author
 * and the viewer; for a reply, the same holds of its top-level comment.
 */
export function visibleCommentSql(viewerParam: string, pinnerSql: string, alias = 'c') {
  const parent = `${alias}_parent`;
  return `(${ownVisibleSql(viewerParam, pinnerSql, alias)} AND (${alias}.parent_id IS NULL
    OR EXISTS (SELECT 1 FROM pin_comments ${parent} WHERE ${parent}.id = ${alias}.parent_id AND ${ownVisibleSql(viewerParam, pinnerSql, parent)})))`;
}

/** visibleCommentSql's test of the comment itself, leaving its top-level comment aside. */
function ownVisibleSql(viewerParam: string, pinnerSql: string, alias: string) {
  return `(${commentModerationVisibleSql(viewerParam, alias)} AND ${accountInViewSql(`${alias}.author_id`)}
    AND (${viewerParam}::bigint IS NULL OR ${viewerParam}::bigint = ${pinnerSql}
    OR ${notBlockedSql(`${alias}.author_id`, `${viewerParam}::bigint`)}))`;
}

/**
 * SQL: moderation's part of a comment's visibility (decision 057): a removed
 * comment is shown to no one (its author and the Pin's owner included), a
 * restricted one to its author alone.
 */
function commentModerationVisibleSql(viewerParam: string, alias: string) {
  return `(${alias}.moderation IS NULL OR (${alias}.moderation = 'restricted' AND ${alias}.author_id = ${viewerParam}::bigint))`;
}

/**
 * SQL: how many of the Pin `pinAlias`'s comments the viewer does not see
 * (those visibleCommentSql leaves out: removed or restricted by moderation, by removed people, and by people with
 * a block between them and the viewer unless the viewer owns the Pin), so
 * that the count a Pin read shows agrees with the list (decision 045). No
 * look at all when the Pin has no comment; otherwise one count of the Pin's
 * comments by the few removed people and the viewer's few blocks.
 */
export function unseenCommentCountSql(viewerParam: string, pinAlias = 'p') {
  const blockApplies = `(${viewerParam}::bigint IS NOT NULL AND ${pinAlias}.pinner_id <> ${viewerParam}::bigint)`;
  const unseen = (alias: string) => `(${alias}.author_id IN (${removedAccountIdsSql()}) OR NOT ${commentModerationVisibleSql(viewerParam, alias)}
        OR (${blockApplies} AND ${alias}.author_id IN (${blockedEitherWaySql(`${viewerParam}::bigint`)})))`;
  // A reply under a comment the viewer does not see is not seen either (decision 090).
  return `(CASE WHEN ${pinAlias}.comment_count = 0 THEN 0
    ELSE (SELECT count(*)::int FROM pin_comments uc WHERE uc.pin_id = ${pinAlias}.id
      AND (${unseen('uc')} OR (uc.parent_id IS NOT NULL AND EXISTS (SELECT 1 FROM pin_comments up WHERE up.id = uc.parent_id AND ${unseen('up')})))) END)`;
}
