/**
 * Web Push (decision 088): a person's browsers subscribe and unsubscribe (PushSubscriptionResource), the web
 * app reads the VAPID public key it subscribes with, and other modules send a person a push with
 * `sendToUser`, which puts one `push` job per subscription on the queue (push.deliver.ts does the sending).
 *
 * Subscriptions are the person's own: deleting someone else's endpoint answers 404 as for one that does not
 * exist. An endpoint subscribed again by another person moves to them (one browser profile, someone else signed
 * in). A person keeps at most MAX_SUBSCRIPTIONS; the oldest go first.
 */
import type { Db } from '../../db/client';
import { keyedError } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import type { ActionLimits } from '../../rate-limit/limits';
import { fittedMessage, type PushJob, type PushMessage } from './push.deliver';
import { vapidKeys, type VapidKeys } from './push.keys';
import { pushRepo } from './push.repo';
import { checkedEndpoint, checkedKeys } from './push.subscription';

/** Subscriptions one person keeps (browsers and devices); a new one past it drops the oldest. */
const MAX_SUBSCRIPTIONS = 20;

interface PushServiceDeps {
  db: Db;
  config: { vapidKeys: VapidKeys | null; fetchAllowPrivateAddresses: boolean };
  /** The job queue (decision 053), seen as what it takes here: the `push` jobs of jobs/kinds.ts. */
  jobs: { send(name: 'push', payload: PushJob): Promise<void> };
  limits: ActionLimits;
}

export function createPushService({ db, config, jobs, limits }: PushServiceDeps) {
  return {
    /** PushSubscriptionResource.create: keeps the browser's subscription for the viewer. */
    async subscribe(ctx: RequestContext, o: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      const viewer = requireViewer(ctx);
      const endpoint = checkedEndpoint(o.endpoint, config.fetchAllowPrivateAddresses);
      const keys = checkedKeys(o.keys);
      await limits.take('push_subscription', ctx);
      await db.tx(async (tx) => {
        await pushRepo.lockPerson(tx, viewer.id);
        await pushRepo.upsert(tx, viewer.id, { endpoint, ...keys });
        await pushRepo.keepNewest(tx, viewer.id, MAX_SUBSCRIPTIONS);
      });
      return { endpoint };
    },

    /** PushSubscriptionResource.delete: only one's own; anyone else's endpoint is as absent as an unknown one. */
    async unsubscribe(ctx: RequestContext, o: { endpoint: string }) {
      const viewer = requireViewer(ctx);
      if (!(await pushRepo.removeOwn(db, viewer.id, o.endpoint))) throw keyedError('NOT_FOUND', 'push.notFound');
      return { endpoint: o.endpoint };
    },

    /** The VAPID public key browsers subscribe with (base64url, 65 bytes). */
    async publicKey(): Promise<string> {
      return (await vapidKeys(db, config)).publicKey;
    },

    /** Sends the person a push on every browser they subscribed: one job per subscription, sent by the queue's workers. */
    async sendToUser(userId: string, message: PushMessage): Promise<void> {
      const fitted = fittedMessage(message);
      for (const id of await pushRepo.idsOfUser(db, userId)) await jobs.send('push', { subscription_id: id, ...fitted });
    },
  };
}

/** @public The notifications module's push port is filled with its `sendToUser` (decision 088). */
export type PushService = ReturnType<typeof createPushService>;
