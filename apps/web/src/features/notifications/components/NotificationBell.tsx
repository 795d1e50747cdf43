import { NavLink } from 'react-router';
import { formatCount } from '../../../lib/i18n';
import { TEXTS } from '../../../lib/notificationTexts';
import { useUnreadCount } from '../notifications.queries';
import { useLiveNotificationCount } from '../useLiveNotificationCount';
import { BellIcon } from './BellIcon';
import styles from './NotificationBell.module.css';

/** Above this the badge reads "99+". */
const BADGE_MAX = 99;

/**
 * The header's bell for signed-in people (decision 087): a link to
 * /notifications/ with the unread count as a badge, kept live by the
 * notifications stream. The badge sits over the icon, so it appearing or
 * going moves nothing.
 */
export function NotificationBell() {
  const stream = useLiveNotificationCount(true);
  const count = useUnreadCount({ live: stream === 'live', enabled: stream !== 'ended' });
  const unread = count.data?.unread ?? 0;
  return (
    <NavLink
      to="/notifications/"
      className={styles.bell}
      aria-label={unread > 0 ? TEXTS.notifications.bellUnread({ count: unread }) : TEXTS.notifications.bell}
      data-unread={unread}
    >
      <BellIcon />
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {unread > BADGE_MAX ? `${formatCount(BADGE_MAX)}+` : formatCount(unread)}
        </span>
      )}
    </NavLink>
  );
}
