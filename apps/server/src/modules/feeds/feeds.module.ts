import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import { createFeedsService } from './feeds.service';
import { registerFeedResources, registerFeedSpecRoutes } from './feeds.routes';
import type { ModuleHost } from '../../services';

/** The feeds module (decision 081). */
export const feedsModule = defineModule({
  name: 'feeds',
  services: (d: Parameters<typeof createFeedsService>[0]) => ({ feeds: createFeedsService(d) }),
  resources: registerFeedResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerFeedSpecRoutes(app, services),
});
