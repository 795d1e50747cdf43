import type { Queryable } from '../../db/client';
import { defineModule } from '../../lib/module';
import type { ServicesHost } from '../../services';
import { createBoardInvitesService } from './board-invites.service';
import { registerBoardInviteResources } from './board-invites.routes';
import { boardInviteRecords, boardPageCollaboration } from './index';

type BoardInvitesDeps = Parameters<typeof createBoardInvitesService>[0];

/** In the board's write transaction (decision 070): invites a board no longer takes, or sent by who left it, are withdrawn. */
function reactions(host: ServicesHost): void {
  const {
    services: { events },
  } = host;
  events.on('board.collaboratorInvitesClosed', ({ tx, boardId, ownerId }) => boardInviteRecords.withdrawSent(tx, boardId, { exceptSenderId: ownerId }));
  events.on('board.collaboratorRemoved', ({ tx, boardId, userId }) => boardInviteRecords.withdrawSent(tx, boardId, { senderId: userId }));
}

/** The board-invites module (decision 081); it gives boards the port of a board page's collaboration. */
export const boardInvitesModule = defineModule({
  name: 'board-invites',
  ports: ({ db }: { db: Queryable }) => ({ boardCollaboration: boardPageCollaboration(db) }),
  services: (d: Pick<BoardInvitesDeps, 'db' | 'boards' | 'events'> & { boardEmailInvites: BoardInvitesDeps['emailInvites'] }) => ({
    boardInvites: createBoardInvitesService({ db: d.db, boards: d.boards, emailInvites: d.boardEmailInvites, events: d.events }),
  }),
  resources: registerBoardInviteResources,
  reactions,
});
