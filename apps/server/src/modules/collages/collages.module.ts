import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import { createCollagesService } from './collages.service';
import { registerCollageResources, registerCollageSpecRoutes } from './collages.routes';
import type { ModuleHost } from '../../services';

/** The collages module (decision 081). */
export const collagesModule = defineModule({
  name: 'collages',
  services: (d: Parameters<typeof createCollagesService>[0]) => ({ collages: createCollagesService(d) }),
  resources: registerCollageResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerCollageSpecRoutes(app, services),
});
