/**
 * What discovery may show (idea pages, related Pins, home-feed
 * recommendations, topic images, Today articles' Pins), built on the one
 * visibility rule (boards.policy) and the block door (blocks.policy):
 *
 * - `discoverablePinSql`: "public only" (docs/product/api-contract.md §8): a Pin a signed-out
 *   visitor may see, on a public board that is neither archived nor deleted
 *   (a protected board is seen by link only and never listed; a boardless
 *   Pin follows its pinner's public profile), and, for a signed-in viewer,
 *   neither the pinner nor the board's owner blocked by or blocking the
 *   viewer, and not hidden by the viewer.
 * - `recommendablePinSql`: the same, on a board whose owner allows home-feed
 *   recommendations (the board's `allow_homefeed_recommendations`).
 * - `seenByViewerPinSql`: any Pin the viewer may see (secret boards they are
 *   on included), with its board listed to them, no block either way, not
 *   hidden: related Pins and an article's Pins.
 * - `canSeeFollowedTopics`: a person's followed topics show with their
 *   profile's content (users.policy: private profiles to followers only),
 *   and not across a block either way (the profile itself still answers,
 *   as it does to a blocked person; its topics tab is empty).
 *
 * Aliases: `p` the Pin, `b` its board (LEFT JOIN); `viewerParam` holds the
 * viewer id or NULL.
 */
import { accountListedSql, canSeeProfileContent } from '../users';
import { visiblePinSql, listedBoardSql } from '../../kernel';
import { blockBetweenSql, isBlocked, type Block } from '../blocks';
import type { Viewer } from '../../lib/context';
import { notHiddenSql } from '../pin-hides';

function notBlockedForViewerSql(viewerParam: string) {
  return `(${viewerParam}::bigint IS NULL OR (NOT ${blockBetweenSql('p.pinner_id', `${viewerParam}::bigint`)}
    AND (p.board_id IS NULL OR NOT ${blockBetweenSql('b.owner_id', `${viewerParam}::bigint`)})))`;
}

function notHiddenForViewerSql(viewerParam: string) {
  return `(${viewerParam}::bigint IS NULL OR ${notHiddenSql('p', viewerParam)})`;
}

export function discoverablePinSql(viewerParam: string) {
  return `(${visiblePinSql('NULL::bigint')}
    AND (p.board_id IS NULL OR (b.privacy = 'public' AND b.archived_at IS NULL AND b.deleted_at IS NULL))
    AND ${notBlockedForViewerSql(viewerParam)} AND ${notHiddenForViewerSql(viewerParam)})`;
}

export function recommendablePinSql(viewerParam: string) {
  return `(${discoverablePinSql(viewerParam)} AND p.board_id IS NOT NULL AND b.allow_homefeed_recommendations AND ${accountListedSql('p.pinner_id')})`;
}

export function seenByViewerPinSql(viewerParam: string) {
  return `(${visiblePinSql(viewerParam)} AND (p.board_id IS NULL OR ${listedBoardSql(viewerParam)})
    AND ${notBlockedForViewerSql(viewerParam)} AND ${notHiddenForViewerSql(viewerParam)})`;
}

export function canSeeFollowedTopics(
  viewer: Viewer | null,
  user: { id: string; is_private_profile: boolean },
  viewerFollows: boolean,
  block: Block | null,
): boolean {
  return !isBlocked(block) && canSeeProfileContent(viewer, user, viewerFollows);
}

/**
 * A person's followed topics as promoted Pins' targeting reads them (ads.policy):
 * whether `userParam` follows one of the topics whose ids are in `idsExpr`
 * (a text[] of topic ids), or a sub-topic of one; and whether they follow none
 * (their interests are unknown).
 */
export function followsAnyTopicSql(userParam: string, idsExpr: string) {
  return `EXISTS (SELECT 1 FROM interest_follows tf JOIN interests ti ON ti.id = tf.interest_id
    WHERE tf.user_id = ${userParam} AND (ti.id::text = ANY(${idsExpr}) OR ti.parent_id::text = ANY(${idsExpr})))`;
}
export function followsNoTopicSql(userParam: string) {
  return `NOT EXISTS (SELECT 1 FROM interest_follows tf WHERE tf.user_id = ${userParam})`;
}
