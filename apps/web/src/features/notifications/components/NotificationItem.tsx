import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar/Avatar';
import { TEXTS } from '../../../lib/notificationTexts';
import { relativeAge } from '../../../lib/relativeAge';
import { useBoardById } from '../../boards/boards.queries';
import type { Notification } from '../notifications.api';
import { notificationTarget, notificationText } from '../notificationText';
import { BellIcon } from './BellIcon';
import styles from './Notifications.module.css';

/** Kinds whose text or link needs their board read (its name, its address). */
const NEEDS_BOARD = new Set<Notification['kind']>(['board_invite', 'group_board_pin', 'moderation_decision']);

/** Faces shown beside a notification: the newest actors. */
const FACES = 3;

/**
 * One notification (decision 087): the actors' faces (initials: the contract
 * names them by username only), the aggregated sentence, its age, and an
 * unread mark; the whole row links to its Pin, board or person.
 */
export function NotificationItem({ notification, viewerUsername }: { notification: Notification; viewerUsername: string }) {
  const wantsBoard = NEEDS_BOARD.has(notification.kind) && !!notification.board_id && !(notification.kind === 'moderation_decision' && notification.pin_id);
  const board = useBoardById(wantsBoard ? (notification.board_id ?? '') : '');
  const text = notificationText(notification, board.data?.name);
  const to = notificationTarget(notification, viewerUsername, board.data?.url);
  const faces = notification.actors.slice(0, FACES);
  const content = (
    <>
      <span className={styles.faces} aria-hidden="true">
        {faces.length > 0 ? (
          faces.map((actor) => <Avatar key={actor.id} name={actor.username} size={faces.length > 1 ? 32 : 48} />)
        ) : (
          <span className={styles.systemIcon}>
            <BellIcon />
          </span>
        )}
      </span>
      <span className={styles.text}>
        <span className={styles.sentence}>{text}</span>
        <time className={styles.time} dateTime={notification.created_at}>
          {relativeAge(notification.created_at)}
        </time>
      </span>
      {!notification.read && <span className={styles.unreadDot} role="img" aria-label={TEXTS.notifications.unread} />}
    </>
  );
  const common = { className: styles.item, 'data-unread': notification.read ? undefined : '', 'data-kind': notification.kind };
  return to ? (
    <Link to={to} {...common}>
      {content}
    </Link>
  ) : (
    <div {...common}>{content}</div>
  );
}
