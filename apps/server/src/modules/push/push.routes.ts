import { zCreatePushSubscription, zDeletePushSubscription } from '@pinboard/shared/schemas/notifications';
import type { FastifyInstance } from 'fastify';
import { successBody } from '../../lib/envelope';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

const KEY_PATH = '/v3/push/key/';

export function registerPushResources(registry: ResourceRegistry, s: Pick<Services, 'push'>) {
  registry.add({
    name: 'PushSubscriptionResource',
    description: "Subscribe this browser to push notifications (its PushSubscription's endpoint and keys), or unsubscribe it.",
    actions: {
      create: action({ summary: 'Subscribe a browser', options: zCreatePushSubscription, auth: 'required', handler: (ctx, o) => s.push.subscribe(ctx, o) }),
      delete: action({
        summary: 'Unsubscribe a browser',
        options: zDeletePushSubscription,
        auth: 'required',
        handler: (ctx, o) => s.push.unsubscribe(ctx, o),
      }),
    },
  });
}

/** The VAPID public key the web app subscribes with (decision 088): not a secret, so anyone may read it. */
export function registerPushRoutes(app: FastifyInstance, s: Pick<Services, 'push'>) {
  app.get(KEY_PATH, async () => successBody('spec', { public_key: await s.push.publicKey() }));
}
