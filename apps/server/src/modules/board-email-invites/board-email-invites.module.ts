import { defineModule } from '../../lib/module';
import { createBoardEmailInvitesService } from './board-email-invites.service';
import { registerBoardEmailInviteResources } from './board-email-invites.routes';

/** The board-email-invites module (decision 081). */
export const boardEmailInvitesModule = defineModule({
  name: 'board-email-invites',
  services: (d: Parameters<typeof createBoardEmailInvitesService>[0]) => ({ boardEmailInvites: createBoardEmailInvitesService(d) }),
  resources: registerBoardEmailInviteResources,
});
