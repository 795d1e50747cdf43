/**
 * Who may do what with a board's invites. The board's members are its owner
 * and its collaborators; invites themselves give no access to the board until
 * they are accepted.
 */
import type { Viewer } from '../../lib/context';
import type { BoardAccessFacts } from '../../kernel';
import { accountInViewSql } from '../users';

function isBoardMember(viewer: Viewer | null, board: BoardAccessFacts): boolean {
  return !!viewer && (viewer.id === board.owner_id || !!board.is_collaborator);
}

/** The owner invites; collaborators too when the owner turned collaborator invites on (boards.policy, decision 080: a board page's `can.invite` asks it too). */
export { canInvite } from '../../kernel';

/** A pending invite is cancelled by the board's owner or by whoever sent it. */
export function canCancelInvite(viewer: Viewer | null, board: BoardAccessFacts, invite: { invited_by_user_id: string }): boolean {
  return !!viewer && (viewer.id === board.owner_id || viewer.id === invite.invited_by_user_id);
}

/** Pending invites are listed to the board's members; everyone who sees the board sees its collaborators. */
export function canSeePendingInvites(viewer: Viewer | null, board: BoardAccessFacts): boolean {
  return isBoardMember(viewer, board);
}

/**
 * SQL: a pending invite may be shown and accepted while neither the board's
 * owner (`ownerExpr`) nor whoever sent it (`inviterExpr`) is removed
 * (decision 045): a removed owner's board answers as missing, and a removed
 * collaborator's invites go with them (their mailed links too,
 * board-email-invites). Nothing is deleted, so a
 * reinstatement brings the invites back. (Invites to a removed person are
 * left out where they are listed: the invitee's own row is looked at there.)
 */
export function pendingInviteInViewSql(ownerExpr: string, inviterExpr: string) {
  return `(${accountInViewSql(ownerExpr)} AND ${accountInViewSql(inviterExpr)})`;
}
