import { useEffect, useRef } from 'react';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { InfiniteSentinel } from '../../components/masonry/InfiniteSentinel';
import { Spinner } from '../../components/Spinner/Spinner';
import { TEXTS } from '../../lib/notificationTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { NotificationItem } from './components/NotificationItem';
import { useMarkAllRead, useNotifications, useUnreadCount } from './notifications.queries';
import styles from './components/Notifications.module.css';

/** /notifications/: the viewer's notifications, newest first (decision 087). */
export function NotificationsPage() {
  useDocumentTitle(TEXTS.notifications.heading);
  return (
    <RequireSignedIn heading={TEXTS.notifications.heading} next="/notifications/">
      {(viewer) => <NotificationList username={viewer.username} />}
    </RequireSignedIn>
  );
}

function NotificationList({ username }: { username: string }) {
  const list = useNotifications();
  const { mutate: markRead, isPending: marking } = useMarkAllRead();
  // The bell's stream keeps this count; the page reads it to know when more have come.
  const unread = useUnreadCount({ live: true }).data?.unread ?? 0;
  const loaded = list.isSuccess && !list.isFetching;
  const anyUnread = list.data?.pages.some((page) => page.data.some((n) => !n.read)) ?? false;
  const markedVersion = useRef<number | null>(null);
  const { dataUpdatedAt, refetch } = list;

  // Opening the page reads everything: once the list has come (so that it still marks what was new), all are
  // marked read, once per reading of the list. New ones arriving while it is open: the list is read again, and so on.
  useEffect(() => {
    if (!loaded || marking) return;
    if (markedVersion.current !== dataUpdatedAt) {
      markedVersion.current = dataUpdatedAt;
      if (anyUnread || unread > 0) markRead();
    } else if (unread > 0) {
      void refetch();
    }
  }, [loaded, marking, dataUpdatedAt, anyUnread, unread, markRead, refetch]);

  const heading = (
    <h1 id="notifications-title" className={styles.title}>
      {TEXTS.notifications.heading}
    </h1>
  );
  if (list.isPending) return <Spinner />;
  if (list.isError) {
    return (
      <section className={styles.page} aria-labelledby="notifications-title">
        {heading}
        <div className={styles.status} role="alert">
          <p>{TEXTS.notifications.loadError}</p>
          <Button onPress={() => void list.refetch()}>{TEXTS.notifications.retry}</Button>
        </div>
      </section>
    );
  }
  const notifications = list.data.pages.flatMap((page) => page.data);
  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      {heading}
      {notifications.length === 0 ? (
        <EmptyState heading={TEXTS.notifications.empty}>{TEXTS.notifications.emptyBody}</EmptyState>
      ) : (
        <ul className={styles.list}>
          {notifications.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} viewerUsername={username} />
            </li>
          ))}
        </ul>
      )}
      <InfiniteSentinel hasMore={list.hasNextPage} isLoading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
      {list.isFetchingNextPage && <Spinner label={TEXTS.notifications.loadingMore} />}
    </section>
  );
}
