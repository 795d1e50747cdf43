/**
 * Notifications as the contract shows them, and their sentences for mail and push (decision 086): the
 * sentences are the shared catalogues' `notifications.kind.<kind>` keys, which the web page uses too.
 */
import type { z } from 'zod';
import type { zNotificationOut } from '@pinboard/shared/schemas/notifications';
import { serverT } from '../../lib/i18n';
import type { NotificationRow } from './notifications.repo';

export function presentNotification(r: NotificationRow): z.infer<typeof zNotificationOut> {
  return {
    id: r.id,
    kind: r.kind,
    actors: r.actors,
    actor_count: r.actor_count,
    ...(r.pin_id ? { pin_id: r.pin_id } : {}),
    ...(r.board_id ? { board_id: r.board_id } : {}),
    ...(r.comment_id ? { comment_id: r.comment_id } : {}),
    created_at: r.updated_at,
    read: r.read,
  };
}

/** The ICU values of a notification's sentence: the newest actor, how many others, and what an actorless kind says. */
function sentenceValues(r: Pick<NotificationRow, 'actors' | 'actor_count' | 'detail'>): Record<string, string | number> {
  const values: Record<string, string | number> = { actor: r.actors[0]?.username ?? '', others: Math.max(0, r.actor_count - 1) };
  for (const [k, v] of Object.entries(r.detail)) if (typeof v === 'string' || typeof v === 'number') values[k] = v;
  return values;
}

/** "Anna and 3 others saved your Pin", in the reader's language. */
export function sentence(locale: string | null, r: Pick<NotificationRow, 'kind' | 'actors' | 'actor_count' | 'detail'>): string {
  return serverT(locale, `notifications.kind.${r.kind}`, sentenceValues(r));
}

/** The page a notification opens: its Pin, its board's invite, an export's download, else the notifications page. */
export function notificationPath(r: Pick<NotificationRow, 'kind' | 'pin_id' | 'actors' | 'detail'>): string {
  if (r.pin_id) return `/pin/${r.pin_id}/`;
  if (r.kind === 'export_done' && typeof r.detail.download_path === 'string') return r.detail.download_path;
  if (r.kind === 'follow' && r.actors[0]) return `/${r.actors[0].username}/`;
  // The import page shows the finished import's counts and failures (decision 094).
  if (r.kind === 'import_done') return '/settings/import/';
  return '/notifications/';
}
