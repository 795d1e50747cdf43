/** The board-invites module's public face: its service, presenters and the invite records other modules act on. */
import type { Queryable } from '../../db/client';
import { COLLABORATOR_FACE_PILE_NAMES } from '@pinboard/shared/constants/limits';
import { presentUserSummary } from '../users';
import { presentPendingInvite } from './board-invites.present';
import { boardInvitesRepo } from './board-invites.repo';

export type { StoredLink } from './board-invites.service';
export { presentPendingInvite } from './board-invites.present';
export * from './board-invites.policy';

type InviteArgs = Parameters<typeof boardInvitesRepo.insert>[1];
type AcceptArgs = Parameters<typeof boardInvitesRepo.accept>[1];
type WithdrawArgs = Parameters<typeof boardInvitesRepo.withdrawSent>[2];

/** Invites as the boards and board-email-invites modules use them. */
export const boardInviteRecords = {
  pendingOnBoard: (db: Queryable, viewerId: string, boardId: string) => boardInvitesRepo.pendingOnBoard(db, viewerId, boardId),
  inviteOf: (db: Queryable, boardId: string, userId: string) => boardInvitesRepo.inviteOf(db, boardId, userId),
  add: (db: Queryable, invite: InviteArgs) => boardInvitesRepo.insert(db, invite),
  accept: (db: Queryable, a: AcceptArgs) => boardInvitesRepo.accept(db, a),
  withdrawSent: (db: Queryable, boardId: string, o: WithdrawArgs) => boardInvitesRepo.withdrawSent(db, boardId, o),
  collaboratorsPreview: (db: Queryable, boardId: string, limit: number) => boardInvitesRepo.collaboratorsPreview(db, boardId, limit),
};

/**
 * What a board's page shows of its collaboration (boards' BoardPageCollaboration, wired in services.ts):
 * the face-pile (the first collaborators and how many there are) and, for a signed-in viewer who is not
 * on the board, their pending invite to it.
 */
export function boardPageCollaboration(db: Queryable) {
  return {
    async of(board: { id: string; owner_id: string; is_collaborator: boolean }, viewerId: string | null) {
      const collaborators = await boardInvitesRepo.collaboratorsPreview(db, board.id, COLLABORATOR_FACE_PILE_NAMES);
      const outsider = viewerId !== null && viewerId !== board.owner_id && !board.is_collaborator;
      const invite = outsider ? await boardInvitesRepo.pendingOnBoard(db, viewerId, board.id) : null;
      return {
        collaborating_users: collaborators.people.map(presentUserSummary),
        collaborator_count: collaborators.total,
        viewer_invite: invite ? presentPendingInvite(invite) : null,
      };
    },
  };
}
