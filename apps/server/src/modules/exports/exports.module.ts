import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import { createExportsService } from './exports.service';
import { registerExportRoutes } from './exports.routes';

/** Data exports of one's own content (decisions 081, 096): the `export` job runs `services.exports.runJob`. */
export const exportsModule = defineModule({
  name: 'exports',
  services: (d: Parameters<typeof createExportsService>[0]) => ({ exports: createExportsService(d) }),
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerExportRoutes(app, services),
});
