import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import type { PinsService } from '../pins';
import { registerBulkUploadResources, registerUploadRoutes } from './bulk-uploads.routes';
import { createBulkUploadsService } from './bulk-uploads.service';

/** The bulk-uploads module (decision 098): tus uploads that become draft Pins, published together. */
export const bulkUploadsModule = defineModule({
  name: 'bulk-uploads',
  // A published draft is made by the pins' one creation pipeline (decision 082).
  services: (d: Omit<Parameters<typeof createBulkUploadsService>[0], 'createPin'> & { pins: PinsService }) => ({
    bulkUploads: createBulkUploadsService({ ...d, createPin: d.pins.createPin }),
  }),
  resources: registerBulkUploadResources,
  routes: async (app: FastifyInstance, { services }: ModuleHost): Promise<void> => {
    await registerUploadRoutes(app, services);
  },
});
