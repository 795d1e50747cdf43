/**
 * The shared reads of boards (decision 081): a board with its owner, cover and
 * the viewer's facts for boards.policy, by id or by its owner's username and
 * slug, and the select that board lists build on; below the modules, so
 * reading a board does not tie a module to the boards module. The conditions
 * are boards.policy's and users.policy's (imported, decision 027); the rows
 * come back plain, a policy brands them (decision 080).
 */
import type { Queryable } from '../db/client';
import { boardFollowerCountSql, countedPinSql } from './boards.policy';
import { followsSql } from './users.policy';

export interface BoardRow {
  id: string;
  owner_id: string;
  name: string;
  slug: string;
  description: string;
  privacy: 'public' | 'secret' | 'protected';
  category: string;
  cover_pin_id: string | null;
  is_collaborative: boolean;
  collab_board_email: boolean;
  collaborator_invites_enabled: boolean;
  allow_homefeed_recommendations: boolean;
  is_sensitive: boolean;
  /** Made on an ad account for its ads: its name is fixed (decision 043). */
  is_ads_only: boolean;
  pin_count: number;
  section_count: number;
  archived_at: Date | null;
  deleted_at: Date | null;
  last_pinned_at: Date | null;
  position: number;
  created_at: Date;
  updated_at: Date;
}

export interface BoardWithOwner extends BoardRow {
  owner_username: string;
  owner_full_name: string;
  owner_image_url: string | null;
  is_collaborator: boolean;
  owner_is_private: boolean;
  owner_moderation: 'removed' | 'restricted' | null;
  viewer_follows_owner: boolean;
  cover_images: Record<string, { url: string; width: number; height: number }> | null;
  cover_dominant_color: string | null;
  /** The viewer follows the board (decision 089). */
  followed_by_me: boolean;
  follower_count: number;
}

/** The board's follow columns of a board read (alias `b`; `viewerParam` the viewer or NULL): followed_by_me, follower_count. */
export function boardFollowColumnsSql(viewerParam: string, alias = 'b') {
  return `EXISTS (SELECT 1 FROM board_follows mbf WHERE mbf.user_id = ${viewerParam} AND mbf.board_id = ${alias}.id) AS followed_by_me,
    ${boardFollowerCountSql(alias)} AS follower_count`;
}

/**
 * A board's cover: its chosen cover Pin while that Pin is still on the board,
 * else its newest Pin. Only Pins the board's list shows (boards.policy
 * countedPinSql: not taken out by a decision, not a removed collaborator's,
 * decision 045), which are visible exactly when the board is: a chosen Pin
 * that moved elsewhere (a secret board, say) never shows. Two index lookups
 * (by id, then the newest on pins_board_idx) instead of one sorted scan of
 * the whole board. Built on first use, once every module is loaded.
 */
let boardCover: string | undefined;
export function boardCoverSql() {
  return (boardCover ??= `
  (SELECT p.images, p.dominant_color FROM pins p WHERE p.id = b.cover_pin_id AND p.board_id = b.id AND ${countedPinSql('p', 'b.owner_id')})
  UNION ALL
  (SELECT p.images, p.dominant_color FROM pins p WHERE p.board_id = b.id AND ${countedPinSql('p', 'b.owner_id')} ORDER BY p.id DESC LIMIT 1)
  LIMIT 1`);
}

/** The board read with its owner and cover; $1 is the viewer id. */
export function selectBoardWithOwnerSql() {
  return `
  SELECT b.*, u.username AS owner_username, u.full_name AS owner_full_name, u.image_url AS owner_image_url,
    EXISTS (SELECT 1 FROM board_collaborators bc WHERE bc.board_id = b.id AND bc.user_id = $1) AS is_collaborator,
    u.is_private_profile AS owner_is_private, u.moderation AS owner_moderation,
    ${followsSql('$1', 'b.owner_id')} AS viewer_follows_owner,
    ${boardFollowColumnsSql('$1')},
    cp.images AS cover_images, cp.dominant_color AS cover_dominant_color
  FROM boards b
  JOIN users u ON u.id = b.owner_id
  LEFT JOIN LATERAL (${boardCoverSql()}) cp ON true`;
}

/** A board that is not deleted, with its owner and the viewer's facts for boards.policy (null when missing). */
export async function boardById(db: Queryable, id: string, viewerId: string | null): Promise<BoardWithOwner | null> {
  const [row] = await db.query<BoardWithOwner>(`${selectBoardWithOwnerSql()} WHERE b.id = $2 AND b.deleted_at IS NULL`, [viewerId, id]);
  return row ?? null;
}

/** A board by its owner's username and slug, with the viewer's facts for boards.policy (null when missing or deleted). */
export async function boardBySlug(db: Queryable, username: string, slug: string, viewerId: string | null): Promise<BoardWithOwner | null> {
  const [row] = await db.query<BoardWithOwner>(`${selectBoardWithOwnerSql()} WHERE lower(u.username) = lower($2) AND b.slug = $3 AND b.deleted_at IS NULL`, [
    viewerId,
    username,
    slug,
  ]);
  return row ?? null;
}
