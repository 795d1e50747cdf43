import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import { createImportsService } from './imports.service';
import { registerImportRoutes } from './imports.routes';

/**
 * Importing a Pinterest export (decisions 081, 094): the upload and its progress; the work runs as the `import`
 * job on the queue, making Pins through the pins' one creation pipeline (decision 082) and telling the owner when
 * it is done through the notifications module.
 */
export const importsModule = defineModule({
  name: 'imports',
  services: (d: Parameters<typeof createImportsService>[0]) => ({ imports: createImportsService(d) }),
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerImportRoutes(app, services),
});
