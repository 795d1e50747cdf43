import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost, ServicesHost } from '../../services';
import { createNotificationsService } from './notifications.service';
import { registerNotificationEventsRoute, registerNotificationResources, registerUnsubscribeRoutes } from './notifications.routes';
import type { NotifyPayload } from './notifications.jobs';

/**
 * What other modules did, told after their write committed (decision 070): each reaction only enqueues the
 * `notify` job (decision 053), which decides who is told and writes. A notification that cannot be queued is
 * logged and lost, never the write's failure.
 */
function reactions({ services }: ServicesHost): void {
  const { events, notifications } = services;
  const enqueue = (p: NotifyPayload) => notifications.enqueue(p).catch(() => {});
  events.on('user.followed', ({ followerId, followeeId }) => enqueue({ source: 'follow', followerId, followeeId }));
  events.on('pin.created', ({ pinId, pinnerId, savedFromPinId }) => enqueue({ source: 'pin', pinId, pinnerId, savedFromPinId }));
  events.on('comment.created', (e) => enqueue({ source: 'comment', ...e }));
  events.on('board.invited', ({ boardId, inviterId, inviteeIds }) => enqueue({ source: 'board_invite', boardId, inviterId, inviteeIds }));
  events.on('moderation.decided', ({ decisionId, userId, decision }) => enqueue({ source: 'moderation', decisionId, userId, decision }));
  events.on('campaign.statusChanged', ({ campaigns, status }) =>
    Promise.all(campaigns.map((c) => enqueue({ source: 'campaign', campaignId: c.id, ownerId: c.ownerId, status }))),
  );
}

/** The notifications module (decision 081, decision 086); its push port is filled by the push module's manifest. */
export const notificationsModule = defineModule({
  name: 'notifications',
  services: (d: Parameters<typeof createNotificationsService>[0]) => ({ notifications: createNotificationsService(d) }),
  resources: registerNotificationResources,
  routes: async (app: FastifyInstance, { services }: ModuleHost): Promise<void> => {
    registerNotificationEventsRoute(app, services);
    await registerUnsubscribeRoutes(app, services);
  },
  reactions,
});
