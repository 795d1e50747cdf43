import { defineModule } from '../../lib/module';
import { createBoardsService } from './boards.service';
import { registerBoardResources } from './boards.routes';

type BoardsDeps = Parameters<typeof createBoardsService>[0];

/** The boards module (decision 081): boards on an ad account ask ads; a board page's collaboration is board-invites' port. */
export const boardsModule = defineModule({
  name: 'boards',
  services: (
    d: Pick<BoardsDeps, 'db' | 'events'> & { ads: { boardHooks: NonNullable<BoardsDeps['adAccounts']> }; boardCollaboration: BoardsDeps['collaboration'] },
  ) => ({
    boards: createBoardsService({ db: d.db, adAccounts: d.ads.boardHooks, collaboration: d.boardCollaboration, events: d.events }),
  }),
  resources: registerBoardResources,
});
