import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import { createFollowsService } from './follows.service';
import { registerFollowResources, registerInviteSpecRoutes } from './follows.routes';
import type { ModuleHost } from '../../services';

/** The follows module (decision 081). */
export const followsModule = defineModule({
  name: 'follows',
  services: (d: Parameters<typeof createFollowsService>[0]) => ({ follows: createFollowsService(d) }),
  resources: registerFollowResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerInviteSpecRoutes(app, services),
});
