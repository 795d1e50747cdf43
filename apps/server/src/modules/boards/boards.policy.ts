/**
 * Who may see or change a board: the one visibility rule every door uses
 * (board reads, feeds, counts, page metadata, images), in two forms that say
 * the same thing: a function for a loaded row and a SQL condition for lists.
 */
import type { Viewer } from '../../lib/context';

export interface BoardAccessFacts {
  owner_id: string;
  privacy: 'public' | 'secret' | 'protected';
  deleted_at: Date | null;
  is_collaborator?: boolean;
}

export function canSeeBoard(viewer: Viewer | null, board: BoardAccessFacts): boolean {
  if (board.deleted_at) return false;
  if (board.privacy !== 'secret') return true;
  return !!viewer && (viewer.id === board.owner_id || !!board.is_collaborator);
}

export function canEditBoard(viewer: Viewer | null, board: BoardAccessFacts): boolean {
  return !!viewer && !board.deleted_at && viewer.id === board.owner_id;
}

/**
 * What a collaborator (not the owner) may change (§6): the email-notification
 * setting and the homefeed-recommendation toggle. Everything else is the owner's.
 */
export const COLLABORATOR_EDITABLE_FIELDS: ReadonlySet<string> = new Set(['collab_board_email', 'allow_homefeed_recommendations']);

/** May add Pins to the board: the owner and collaborators. */
export function canPinToBoard(viewer: Viewer | null, board: BoardAccessFacts): boolean {
  return !!viewer && !board.deleted_at && (viewer.id === board.owner_id || !!board.is_collaborator);
}

/**
 * SQL form of canSeeBoard for alias `b`; `viewerParam` is the placeholder
 * holding the viewer id (or NULL when signed out).
 */
export function visibleBoardSql(viewerParam: string, alias = 'b') {
  return `(${alias}.deleted_at IS NULL AND (${alias}.privacy <> 'secret' OR ${alias}.owner_id = ${viewerParam}
    OR EXISTS (SELECT 1 FROM board_collaborators bc WHERE bc.board_id = ${alias}.id AND bc.user_id = ${viewerParam})))`;
}

/** A Pin is visible when it is saved to the profile (boardless) or its board is visible. */
export function visiblePinSql(viewerParam: string, pinAlias = 'p', boardAlias = 'b') {
  return `(${pinAlias}.board_id IS NULL OR ${visibleBoardSql(viewerParam, boardAlias)})`;
}
