import { Link, useLocation } from 'react-router';
import type { SignedInViewer } from '../features/session/session.api';
import { useInbox } from '../features/messages/inbox.queries';
import { useCreateMenu } from '../features/boards/CreateMenuContext';
import { TEXTS } from '../lib/texts';
import { CreateMenuModal } from '../overlays';
import { Avatar } from '../components/Avatar/Avatar';
import { PlainButton } from '../components/Button/Button';
import { Icon } from '../components/Icon/Icon';
import styles from './TabBar.module.css';

type Tab = 'home' | 'search' | 'messages' | 'profile';

/** The tab the address belongs to, if any. */
function currentTab(pathname: string, username: string): Tab | null {
  if (/^\/(?:homefeed\/?)?$/.test(pathname)) return 'home';
  if (/^\/search(?:\/|$)/.test(pathname)) return 'search';
  if (/^\/(?:messages|conversation)(?:\/|$)/.test(pathname)) return 'messages';
  if (pathname.toLowerCase().startsWith(`/${username.toLowerCase()}/`)) return 'profile';
  return null;
}

/**
 * The phone's bottom tab bar for signed-in people: Home, Search, Create,
 * Messages, Profile (shown below 768 px by CSS; the page keeps room for it,
 * RootLayout.module.css). The current tab carries aria-current="page".
 */
export function TabBar({ viewer }: { viewer: SignedInViewer }) {
  const { pathname } = useLocation();
  const { openCreateMenu } = useCreateMenu();
  const inbox = useInbox();
  const unread = inbox.data?.pages.some((page) => page.data.some((conversation) => conversation.unread)) ?? false;
  const current = currentTab(pathname, viewer.username);
  const name = viewer.full_name || viewer.username;
  const tab = (which: Tab) => ({
    className: styles.tab,
    'aria-current': current === which ? ('page' as const) : undefined,
  });
  return (
    <nav className={styles.bar} aria-label={TEXTS.nav.tabBar} data-tab-bar="">
      <Link to="/" {...tab('home')} aria-label={TEXTS.nav.home}>
        <Icon name="home" size={24} />
      </Link>
      <Link to="/search/" {...tab('search')} aria-label={TEXTS.nav.searchLabel}>
        <Icon name="search" size={24} />
      </Link>
      <PlainButton
        className={styles.tab}
        aria-label={TEXTS.nav.create}
        aria-haspopup="dialog"
        onPointerEnter={CreateMenuModal.prefetch}
        onFocus={CreateMenuModal.prefetch}
        onPress={() => openCreateMenu()}
      >
        <Icon name="plus" size={26} />
      </PlainButton>
      <Link to="/messages/" {...tab('messages')} aria-label={unread ? `${TEXTS.messages.openInbox} (${TEXTS.messages.unread})` : TEXTS.messages.openInbox}>
        <Icon name="message" size={24} />
        {unread && <span className={styles.dot} aria-hidden="true" />}
      </Link>
      <Link to={`/${viewer.username}/`} {...tab('profile')} className={`${styles.tab} ${styles.profileTab}`} aria-label={TEXTS.nav.profile}>
        <span className={styles.avatar}>
          <Avatar name={name} imageUrl={viewer.image_medium_url} size={28} />
        </span>
      </Link>
    </nav>
  );
}
