import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import { createPushService } from './push.service';
import { registerPushResources, registerPushRoutes } from './push.routes';

/** Web Push: subscriptions, the VAPID key, sending through the job queue (decisions 081, 088). */
export const pushModule = defineModule({
  name: 'push',
  services: (d: Parameters<typeof createPushService>[0]) => ({ push: createPushService(d) }),
  resources: registerPushResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerPushRoutes(app, services),
});
