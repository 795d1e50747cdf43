import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENTS_URL } from './notifications.api';
import { sessionKeys } from '../session/session.queries';
import { notificationKeys } from './notifications.queries';

function unreadOf(data: string): number | null {
  try {
    const value: unknown = JSON.parse(data);
    const unread = (value as { unread?: unknown } | null)?.unread;
    return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the unread count live (decision 087): an EventSource on
 * /v3/notifications/events/, whose `count` events (on connecting and on every
 * change) set the cached count. A count that grows also makes the list read
 * again where it is shown. The browser reconnects a dropped stream by itself;
 * when it gives up (closed for good) or there is no EventSource (tests, old
 * browsers), the count is polled instead. When the server ends the stream
 * because its session ended (`session_ended`: a log-out here or on another
 * device), the stream closes, nothing is polled (it would only be refused)
 * and the viewer is read again, so the page shows the person signed out; if
 * they are still signed in (this browser's session was renewed under a new
 * token, as a password change does), the stream opens again. Answers whether
 * the stream stands in for polling.
 */
export function useLiveNotificationCount(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  /** Bumped to open the stream again after an ended session turned out renewed. */
  const [opening, setOpening] = useState(0);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(NOTIFICATION_EVENTS_URL);
    let sessionEnded = false;
    source.addEventListener('open', () => setLive(true));
    source.addEventListener('session_ended', () => {
      sessionEnded = true;
      source.close();
      void queryClient.refetchQueries({ queryKey: sessionKeys.viewer }).then(() => {
        if (queryClient.getQueryData<{ isAuth?: boolean }>(sessionKeys.viewer)?.isAuth) setOpening((n) => n + 1);
      });
    });
    source.addEventListener('count', (event: MessageEvent<string>) => {
      const unread = unreadOf(event.data);
      if (unread === null) return;
      const before = queryClient.getQueryData<{ unread: number }>(notificationKeys.count)?.unread;
      queryClient.setQueryData(notificationKeys.count, { unread });
      if (before === undefined || unread > before) void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    });
    source.addEventListener('error', () => {
      if (sessionEnded) return;
      // Reconnecting (CONNECTING): the count may be missed meanwhile, so poll until it is open again.
      setLive(false);
      if (source.readyState === EventSource.CLOSED) source.close();
    });
    return () => {
      source.close();
      setLive(false);
    };
  }, [enabled, queryClient, opening]);

  return live;
}
