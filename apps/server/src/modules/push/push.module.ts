import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import { createPushService } from './push.service';
import type { PushMessage } from './push.deliver';
import { registerPushResources, registerPushRoutes } from './push.routes';

/**
 * Web Push: subscriptions, the VAPID key, sending through the job queue (decisions 081, 088). It also gives
 * the notifications module its push channel (`notificationPush`), which that module may not import.
 */
export const pushModule = defineModule({
  name: 'push',
  services: (d: Parameters<typeof createPushService>[0]) => {
    const push = createPushService(d);
    return { push, notificationPush: { sendPush: (userId: string, message: PushMessage) => push.sendToUser(userId, message) } };
  },
  resources: registerPushResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerPushRoutes(app, services),
});
