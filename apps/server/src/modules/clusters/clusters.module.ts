import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import { createClustersService } from './clusters.service';
import { registerClusterResources, registerClusterSpecRoutes } from './clusters.routes';
import type { ModuleHost } from '../../services';

/** The clusters module (decision 081). */
export const clustersModule = defineModule({
  name: 'clusters',
  services: (d: Parameters<typeof createClustersService>[0]) => ({ clusters: createClustersService(d) }),
  resources: registerClusterResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerClusterSpecRoutes(app, services),
});
