import { TEXTS } from '../../lib/notificationTexts';
import type { Notification } from './notifications.api';

/** The people a notification names: "Anna", "Anna and Ben", "Anna and 3 others" (the newest first; actor_count counts them all). */
function actorsText(notification: Pick<Notification, 'actors' | 'actor_count'>): string {
  const [first, second] = notification.actors;
  if (!first) return TEXTS.notifications.someone;
  const count = Math.max(notification.actor_count, notification.actors.length);
  if (count <= 1) return first.username;
  if (count === 2 && second) return TEXTS.notifications.actorsTwo({ first: first.username, second: second.username });
  return TEXTS.notifications.actorsMany({ first: first.username, others: count - 1 });
}

/**
 * A notification's sentence (decision 087): who did what, aggregated
 * ("Anna and 3 others saved your Pin"). `boardName` names the board of a Pin
 * added to a group board when it is known.
 */
export function notificationText(notification: Notification, boardName?: string | null): string {
  const kinds = TEXTS.notifications.says;
  const actors = actorsText(notification);
  const count = Math.max(1, notification.actor_count);
  switch (notification.kind) {
    case 'follow':
      return kinds.follow({ actors, count });
    case 'pin_saved':
      return kinds.pin_saved({ actors, count });
    case 'comment':
      return kinds.comment({ actors, count });
    case 'comment_reply':
      return kinds.comment_reply({ actors, count });
    case 'mention':
      return kinds.mention({ actors, count });
    case 'board_invite':
      return kinds.board_invite({ actors, count });
    case 'group_board_pin':
      return boardName ? kinds.group_board_pin({ actors, count, board: boardName }) : kinds.group_board_pinToBoard({ actors, count });
    case 'moderation_decision':
      return kinds.moderation_decision;
    case 'import_done':
      return kinds.import_done;
    case 'export_done':
      return kinds.export_done;
    case 'campaign_status':
      return kinds.campaign_status;
  }
}

/**
 * Where a notification leads: its Pin, board (by its address, when read) or
 * person; the viewer's own pages for their imports and exports; null when
 * there is nowhere to go.
 */
export function notificationTarget(notification: Notification, viewerUsername: string, boardUrl?: string | null): string | null {
  const pin = notification.pin_id ? `/pin/${notification.pin_id}/` : null;
  const person = notification.actors[0] ? `/${notification.actors[0].username}/` : null;
  switch (notification.kind) {
    case 'follow':
      return person;
    case 'pin_saved':
    case 'comment':
    case 'comment_reply':
    case 'mention':
      return pin ?? person;
    case 'board_invite':
      return boardUrl ?? person;
    case 'group_board_pin':
      return pin ?? boardUrl ?? person;
    case 'moderation_decision':
      return pin ?? boardUrl ?? '/reports-and-violations/';
    case 'import_done':
      return `/${viewerUsername}/`;
    case 'export_done':
      return '/settings/privacy-and-data/';
    case 'campaign_status':
      return pin;
  }
}
