import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import { createCollagesService } from './collages.service';
import { registerCollageResources, registerCollageSpecRoutes } from './collages.routes';
import type { ModuleHost } from '../../services';
import type { PinsService } from '../pins';

/** The collages module (decision 081). */
export const collagesModule = defineModule({
  name: 'collages',
  // A published collage is made by the pins' one creation pipeline (decision 082).
  services: (d: Omit<Parameters<typeof createCollagesService>[0], 'createPin'> & { pins: PinsService }) => ({
    collages: createCollagesService({ ...d, createPin: d.pins.createPin }),
  }),
  resources: registerCollageResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerCollageSpecRoutes(app, services),
});
