import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import { createBusinessAccessService } from './business-access.service';
import { registerBusinessAccessResources, registerBusinessAccessSpecRoutes } from './business-access.routes';
import type { ModuleHost } from '../../services';

/** The business-access module (decision 081). */
export const businessAccessModule = defineModule({
  name: 'business-access',
  services: (d: Parameters<typeof createBusinessAccessService>[0]) => ({ businessAccess: createBusinessAccessService(d) }),
  resources: registerBusinessAccessResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerBusinessAccessSpecRoutes(app, services),
});
