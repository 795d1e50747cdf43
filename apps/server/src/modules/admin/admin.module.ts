import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import { createAdminService } from './admin.service';
import { recordServerErrors, registerAdminResources } from './admin.routes';

/**
 * The staff's admin page (decisions 081, 106): its resources, and the record of every 5xx answer, whose hooks are
 * added before any other module's routes (it comes early in the list) so that they hold for every route.
 */
export const adminModule = defineModule({
  name: 'admin',
  services: (d: Parameters<typeof createAdminService>[0]) => ({ admin: createAdminService(d) }),
  resources: registerAdminResources,
  edgeRoutes: (app: FastifyInstance, { services }: ModuleHost): void => recordServerErrors(app, services),
});
