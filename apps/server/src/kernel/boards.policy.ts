/**
 * Who may see or change a board: the one visibility rule every door uses
 * (board reads, feeds, counts, search, page metadata, images), in two forms
 * that say the same thing: a function for a loaded row and a SQL condition
 * for lists. The owner and collaborators always see it; others only when it
 * is not secret and the owner's profile content is visible to them
 * (users.policy: private profiles show content to followers only).
 *
 * The rules this file holds:
 * - **The** visibility rule for boards and the Pins on them, moderation's part
 *   included (decision 038): a removed Pin or board is seen by no one, a
 *   restricted one by its owner only. The function and the SQL condition
 *   every list uses (feeds, search, images, page metadata) say the same thing;
 *   the access matrix proves it (decision 026).
 * - The listing rules: a profile's boards (`profileBoardSql`: protected and
 *   archived ones for the owner only), search's, the picker's.
 * - Counts: profile counts count the rows of the same SQL as the lists they
 *   describe (test/profile-counts.test.ts); a board's stored `pin_count`
 *   counts `countedPinSql` (not removed, not a removed collaborator's),
 *   recounted on decisions about Pins and people; the same Pins make a
 *   section's computed `pin_count` and preview and the board's cover
 *   (`boardCoverSql`).
 */
import type { Viewer } from '../lib/context';
import type { TBoardAbilities, TSectionAbilities } from '@pinboard/shared/schemas/entities';
import type { Editable, Pinnable, Visible } from './access.policy';
import { accountInViewSql, canSeeProfileContent, profileContentVisibleSql, removedAccountIdsSql, type AccountModeration } from './users.policy';

export interface BoardAccessFacts {
  owner_id: string;
  privacy: 'public' | 'secret' | 'protected';
  deleted_at: Date | null;
  is_collaborator?: boolean;
  owner_is_private?: boolean;
  viewer_follows_owner?: boolean;
  /** A moderation decision (decision 038): removed answers as missing to everyone; restricted is for its owner only. */
  moderation?: 'removed' | 'restricted' | null;
  /** A moderation decision about the board's owner (decision 045): a removed person's boards answer as missing to everyone. */
  owner_moderation?: AccountModeration;
}

/**
 * Moderation's part of every visibility rule (decision 038): removed content
 * is seen by no one, its owner included; restricted content by its owner only.
 * A removed person's boards and Pins are seen by no one either (decision 045:
 * `owner_moderation` here, users.policy `accountInViewSql` in the SQL forms).
 */
function passesModeration(viewer: Viewer | null, item: { moderation?: 'removed' | 'restricted' | null }, ownerId: string): boolean {
  if (!item.moderation) return true;
  return item.moderation === 'restricted' && !!viewer && viewer.id === ownerId;
}

/** SQL form of passesModeration for alias `alias` whose owner column is `ownerColumn`. */
function moderationVisibleSql(viewerParam: string, alias: string, ownerColumn: string) {
  return `(${alias}.moderation IS NULL OR (${alias}.moderation = 'restricted' AND ${alias}.${ownerColumn} = ${viewerParam}))`;
}

/** SQL: no moderation decision took the Pin (alias) out of view (countedPinSql adds the pinner's part). */
function unmoderatedPinSql(alias = 'p') {
  return `(${alias}.moderation IS NULL)`;
}

/**
 * SQL: the Pin (alias) counts in its board's stored `pin_count` (`boardOwnerExpr`: the board's owner):
 * not taken out by a decision on it, and not a removed collaborator's (decision 045), as the board's
 * list leaves those out. Recounted when either changes (boardModeration.recountPins, recountPinsBy).
 * The same Pins make a section's computed count and preview and the board's cover (decision 045).
 */
export function countedPinSql(alias: string, boardOwnerExpr: string) {
  return `(${unmoderatedPinSql(alias)} AND (${alias}.pinner_id = ${boardOwnerExpr} OR ${accountInViewSql(`${alias}.pinner_id`)}))`;
}

export function canSeeBoard(viewer: Viewer | null, board: BoardAccessFacts): boolean {
  if (board.deleted_at) return false;
  if (!passesModeration(viewer, board, board.owner_id)) return false;
  if (board.owner_moderation === 'removed') return false;
  if (viewer && (viewer.id === board.owner_id || board.is_collaborator)) return true;
  if (board.privacy === 'secret') return false;
  return canSeeProfileContent(viewer, { id: board.owner_id, is_private_profile: !!board.owner_is_private }, !!board.viewer_follows_owner);
}

export function canEditBoard(viewer: Viewer | null, board: BoardAccessFacts): boolean {
  return !!viewer && !board.deleted_at && board.moderation !== 'removed' && board.owner_moderation !== 'removed' && viewer.id === board.owner_id;
}

/**
 * What a collaborator (not the owner) may change (docs/product/profiles-and-boards.md §6): the email-notification
 * setting, and on an ads-only board the homefeed-recommendation toggle.
 * Everything else is the owner's, the sensitive-content mark (is_sensitive,
 * decision 016) among it.
 */
const COLLABORATOR_EDITABLE_FIELDS: ReadonlySet<string> = new Set(['collab_board_email']);
const ADS_ONLY_COLLABORATOR_EDITABLE_FIELDS: ReadonlySet<string> = new Set(['collab_board_email', 'allow_homefeed_recommendations']);

export function collaboratorEditableFields(board: { is_ads_only: boolean }): ReadonlySet<string> {
  return board.is_ads_only ? ADS_ONLY_COLLABORATOR_EDITABLE_FIELDS : COLLABORATOR_EDITABLE_FIELDS;
}

/** May add Pins to the board: the owner and collaborators. */
function canPinToBoard(viewer: Viewer | null, board: BoardAccessFacts): boolean {
  return (
    !!viewer &&
    !board.deleted_at &&
    board.moderation !== 'removed' &&
    board.owner_moderation !== 'removed' &&
    (viewer.id === board.owner_id || !!board.is_collaborator)
  );
}

/**
 * The board's members invite (docs/product/profiles-and-boards.md §6): the owner, and collaborators when the owner
 * turned collaborator invites on (board-invites.policy names it for the invite actions).
 */
export function canInvite(viewer: Viewer | null, board: BoardAccessFacts & { collaborator_invites_enabled: boolean }): boolean {
  if (!viewer || board.deleted_at) return false;
  return viewer.id === board.owner_id || (!!board.is_collaborator && board.collaborator_invites_enabled);
}

/**
 * What the viewer may do with a board they see (decision 080), from the same rules the actions ask:
 * change and delete it (canEditBoard, the owner), invite to it (canInvite), add Pins to it and change
 * its sections (canPinToBoard). All false for a signed-out viewer, so a kept signed-out answer is the
 * same for everyone.
 */
export function boardAbilities(viewer: Viewer | null, board: BoardAccessFacts & { collaborator_invites_enabled: boolean }): TBoardAbilities {
  const own = canEditBoard(viewer, board);
  return { edit: own, delete: own, invite: canInvite(viewer, board), add_pins: canPinToBoard(viewer, board) };
}

/** What the viewer may do with a section of a board they see: whoever adds Pins to the board changes and deletes its sections. */
export function sectionAbilities(viewer: Viewer | null, board: BoardAccessFacts): TSectionAbilities {
  const member = canPinToBoard(viewer, board);
  return { edit: member, delete: member };
}

/** The board, branded as seen (decision 080), when the viewer may see it; null when missing or unseen (a 404 either way). */
export function seenBoard<T extends BoardAccessFacts>(viewer: Viewer | null, board: T | null | undefined): Visible<T> | null {
  return board && canSeeBoard(viewer, board) ? (board as Visible<T>) : null;
}

/** The seen board, branded as the viewer's to change (canEditBoard), or null. */
export function editableBoard<T extends BoardAccessFacts>(viewer: Viewer | null, board: Visible<T>): Editable<T> | null {
  return canEditBoard(viewer, board) ? (board as Editable<T>) : null;
}

/** The seen board, branded as one the viewer may add Pins to and change the sections of (canPinToBoard), or null. */
export function pinnableBoard<T extends BoardAccessFacts>(viewer: Viewer | null, board: Visible<T>): Pinnable<T> | null {
  return canPinToBoard(viewer, board) ? (board as Pinnable<T>) : null;
}

/**
 * SQL form of canSeeBoard for alias `b`; `viewerParam` is the placeholder
 * holding the viewer id (or NULL when signed out).
 */
export function visibleBoardSql(viewerParam: string, alias = 'b') {
  return `(${alias}.deleted_at IS NULL AND ${moderationVisibleSql(viewerParam, alias, 'owner_id')} AND (((${alias}.owner_id = ${viewerParam}
      OR EXISTS (SELECT 1 FROM board_collaborators bc WHERE bc.board_id = ${alias}.id AND bc.user_id = ${viewerParam}))
      AND ${accountInViewSql(`${alias}.owner_id`)})
    OR (${alias}.privacy <> 'secret' AND ${profileContentVisibleSql(`${alias}.owner_id`, viewerParam)})))`;
}

/**
 * A Pin saved to the profile (boardless) is visible with its pinner's profile content; one on a board with the board,
 * and, on someone else's board (a collaborator's Pin), while its pinner is not removed (decision 045).
 */
export function visiblePinSql(viewerParam: string, pinAlias = 'p', boardAlias = 'b') {
  return `(${moderationVisibleSql(viewerParam, pinAlias, 'pinner_id')} AND ((${pinAlias}.board_id IS NULL AND ${profileContentVisibleSql(`${pinAlias}.pinner_id`, viewerParam)})
    OR (${pinAlias}.board_id IS NOT NULL AND ${visibleBoardSql(viewerParam, boardAlias)}
      AND (${pinAlias}.pinner_id = ${boardAlias}.owner_id OR ${accountInViewSql(`${pinAlias}.pinner_id`)}))))`;
}

/**
 * SQL: whether the board (alias `b`) may be named to the viewer beside what it
 * holds (a Pin's board in feeds, search and every Pin read); false when there is
 * no board. Protected boards are visible by link but listed only to their owner
 * and collaborators, so their Pins do not reveal them to anyone else.
 */
export function listedBoardSql(viewerParam: string, alias = 'b') {
  return `COALESCE(${alias}.privacy <> 'protected' OR ${alias}.owner_id = ${viewerParam}
    OR EXISTS (SELECT 1 FROM board_collaborators lbc WHERE lbc.board_id = ${alias}.id AND lbc.user_id = ${viewerParam}), false)`;
}

/** A board its profile lists to everyone who may see it, not to its owner alone: neither protected nor archived. */
export function listedOnProfileToAll(board: { privacy: BoardAccessFacts['privacy']; archived_at: Date | null }): boolean {
  return board.privacy !== 'protected' && !board.archived_at;
}

/**
 * The boards a profile lists to the viewer (its Boards tab, and so its
 * `board_count`, `secret_board_count` and `archived_board_count`): those the
 * viewer may see, and protected and archived ones only to their owner. For
 * alias `b`; `viewerParam` holds the viewer id or NULL.
 */
export function profileBoardSql(viewerParam: string, alias = 'b') {
  return `(${visibleBoardSql(viewerParam, alias)}
    AND (${alias}.owner_id = ${viewerParam} OR (${alias}.privacy <> 'protected' AND ${alias}.archived_at IS NULL)))`;
}

/** Boards search lists: visible, not archived, protected ones only for their owner. */
export function searchableBoardSql(viewerParam: string, alias = 'b') {
  return `(${visibleBoardSql(viewerParam, alias)} AND ${alias}.archived_at IS NULL
    AND (${alias}.privacy <> 'protected' OR ${alias}.owner_id = ${viewerParam}))`;
}

/** SQL form of canPinToBoard, less archived boards: the boards the board picker offers to save to. */
export function pinnableBoardSql(viewerParam: string, alias = 'b') {
  return `(${alias}.deleted_at IS NULL AND ${alias}.archived_at IS NULL AND ${alias}.moderation IS DISTINCT FROM 'removed'
    AND ${accountInViewSql(`${alias}.owner_id`)}
    AND (${alias}.owner_id = ${viewerParam} OR EXISTS (SELECT 1 FROM board_collaborators pbc WHERE pbc.board_id = ${alias}.id AND pbc.user_id = ${viewerParam})))`;
}

/**
 * SQL: a board's follower count (alias `b`, decision 089): its followers who may see it now (canSeeBoard with
 * the follower as viewer) and are not removed. A board made secret later, or whose owner made their profile
 * private, keeps the follows of those who can no longer see it (they come back if it opens again) but counts
 * them no more, as their home feeds get none of its Pins. A non-secret board whose owner's profile content
 * anyone sees (profileContentVisibleSql with no viewer) is seen by every follower, so its count is the follows
 * less those of removed people, driven by the few removed people as follow counts are (users.policy).
 */
export function boardFollowerCountSql(alias = 'b') {
  return `(CASE WHEN ${alias}.privacy <> 'secret' AND ${profileContentVisibleSql(`${alias}.owner_id`, 'NULL::bigint')}
    THEN (SELECT count(*)::int FROM board_follows fc WHERE fc.board_id = ${alias}.id)
      - (SELECT count(*)::int FROM (${removedAccountIdsSql()}) rf JOIN board_follows rbf ON rbf.user_id = rf.id AND rbf.board_id = ${alias}.id)
    ELSE (SELECT count(*)::int FROM board_follows fc WHERE fc.board_id = ${alias}.id AND ${accountInViewSql('fc.user_id')}
      AND ${visibleBoardSql('fc.user_id', alias)}) END)`;
}

/** An archived board (alias `b`): the profile's Archived group. */
export function archivedBoardSql(alias = 'b') {
  return `(${alias}.archived_at IS NOT NULL)`;
}
