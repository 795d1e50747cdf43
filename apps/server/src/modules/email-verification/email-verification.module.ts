import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import { createEmailVerificationService } from './email-verification.service';
import { registerEmailVerificationSpecRoutes } from './email-verification.routes';
import type { ModuleHost } from '../../services';

/** The email-verification module (decision 081). */
export const emailVerificationModule = defineModule({
  name: 'email-verification',
  services: (d: Parameters<typeof createEmailVerificationService>[0]) => ({ emailVerification: createEmailVerificationService(d) }),
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerEmailVerificationSpecRoutes(app, services),
});
