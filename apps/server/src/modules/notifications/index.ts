/**
 * The notifications module's public face (decision 086): `notify`, for the
 * features that tell a person their own long work is done (imports, exports),
 * and the push port's shape for the module that fills it.
 */
import type { NotificationsService } from './notifications.service';

export type { NotificationPush } from './notifications.service';
export type { NotifyPayload } from './notifications.jobs';

/** What the queue's notification jobs call (jobs/kinds.ts). */
export type NotificationJobs = Pick<NotificationsService, 'runJob' | 'sendDigests'>;
export { notifyPayload } from './notifications.jobs';

/** Tells `userId` that their import or export is done (a job on the queue makes it); `key` names the run (one notification each). */
export function notify(
  notifications: Pick<NotificationsService, 'enqueue'>,
  n: { userId: string; kind: 'import_done' | 'export_done'; key: string; detail?: Record<string, string | number | boolean> },
): Promise<void> {
  return notifications.enqueue({ source: 'direct', userId: n.userId, kind: n.kind, key: n.key, detail: n.detail ?? {} });
}
