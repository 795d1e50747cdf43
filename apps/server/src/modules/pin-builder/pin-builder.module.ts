import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ActionLimits } from '../../rate-limit/limits';
import type { ModuleHost } from '../../services';
import { createImagePreviews } from './image-previews';
import { createPinBuilder } from './pin-builder.service';
import { registerPinBuilderRoutes } from './pin-builder.routes';

/** The Pin builder (reading a page for its images) and the image previews (decision 081). */
export const pinBuilderModule = defineModule({
  name: 'pin-builder',
  services: ({ config, limits }: { config: { fetchAllowPrivateAddresses: boolean }; limits: ActionLimits }) => {
    const pinBuilder = createPinBuilder({ allowPrivateAddresses: config.fetchAllowPrivateAddresses });
    return { pinBuilder, imagePreviews: createImagePreviews({ pinBuilder, limits }) };
  },
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerPinBuilderRoutes(app, services),
});
