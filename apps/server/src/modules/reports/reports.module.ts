import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import { createReportsService } from './reports.service';
import { registerReportResources, registerTakedownSpecRoutes } from './reports.routes';
import type { ModuleHost } from '../../services';

/** The reports module (decision 081). */
export const reportsModule = defineModule({
  name: 'reports',
  services: (d: Parameters<typeof createReportsService>[0]) => ({ reports: createReportsService(d) }),
  resources: registerReportResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerTakedownSpecRoutes(app, services),
});
