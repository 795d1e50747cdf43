import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import { healthRoutes } from './health.routes';

/** The probes (decision 081): registered before the resource dispatcher, as before. */
export const healthModule = defineModule({
  name: 'health',
  edgeRoutes: (app: FastifyInstance, { infra, readiness }: ModuleHost): Promise<void> => healthRoutes(app, { ...infra, readiness }),
});
