/** The board-invites module's public face: its service, presenters and the invite records other modules act on. */
import type { Queryable } from '../../db/client';
import { boardInvitesRepo } from './board-invites.repo';

export { createBoardInvitesService, type BoardInvitesService } from './board-invites.service';
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
