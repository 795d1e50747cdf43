import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import { mediaRoutes } from './media.routes';

/** Stored images and videos (decision 081): registered before the resource dispatcher, its hooks first. */
export const mediaModule = defineModule({
  name: 'media',
  edgeRoutes: (app: FastifyInstance, { infra, beforeFramework }: ModuleHost): Promise<void> => mediaRoutes(app, infra, beforeFramework),
});
