import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import { createPincodesService } from './pincodes.service';
import { registerPincodeRoutes } from './pincodes.routes';

type PincodesDeps = Parameters<typeof createPincodesService>[0];

/** The pincodes module (decision 081). */
export const pincodesModule = defineModule({
  name: 'pincodes',
  services: (d: Omit<PincodesDeps, 'publicUrl'> & { config: { publicUrl: string } }) => ({
    pincodes: createPincodesService({ users: d.users, boards: d.boards, media: d.media, limits: d.limits, publicUrl: d.config.publicUrl }),
  }),
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerPincodeRoutes(app, services),
});
