import { NavLink } from 'react-router';
import { Icon } from '../../../components/Icon/Icon';
import { TEXTS } from '../../../lib/texts';
import { useInbox } from '../inbox.queries';
import styles from './InboxLink.module.css';

/** The header's messages icon; a dot when a conversation has unread messages. */
export function InboxLink() {
  const inbox = useInbox();
  const unread = inbox.data?.pages.some((page) => page.data.some((conversation) => conversation.unread)) ?? false;
  return (
    <NavLink to="/messages/" className={styles.link} aria-label={unread ? `${TEXTS.messages.openInbox} (${TEXTS.messages.unread})` : TEXTS.messages.openInbox}>
      <Icon name="message" size={24} />
      {unread && <span className={styles.dot} aria-hidden="true" />}
    </NavLink>
  );
}
