import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENTS_URL } from './notifications.api';
import { fetchViewer } from '../session/session.api';
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
 * token, as a password change does), the stream opens again. Answers how the
 * count is kept: `live` (the stream stands in for polling), `polling`, or
 * `ended` (the session ended: the count must not be asked for at all).
 */
export type LiveCount = 'live' | 'polling' | 'ended';

export function useLiveNotificationCount(enabled: boolean): LiveCount {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveCount>('polling');
  /** Bumped to open the stream again after an ended session turned out renewed. */
  const [opening, setOpening] = useState(0);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(NOTIFICATION_EVENTS_URL);
    let sessionEnded = false;
    source.addEventListener('open', () => setState('live'));
    source.addEventListener('session_ended', () => {
      sessionEnded = true;
      source.close();
      setState('ended');
      // The server's answer itself decides, not the cache: a log-out here may cancel this read and put back the
      // viewer it had before, still signed in, just before it writes the signed-out one.
      queryClient
        .fetchQuery({ queryKey: sessionKeys.viewer, queryFn: ({ signal }) => fetchViewer(signal), staleTime: 0 })
        .then((viewer) => {
          if (viewer.isAuth) setOpening((n) => n + 1);
        })
        .catch(() => {
          // Cancelled or failed: the page reads the viewer again itself.
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
      setState('polling');
      if (source.readyState === EventSource.CLOSED) source.close();
    });
    return () => {
      source.close();
      setState('polling');
    };
  }, [enabled, queryClient, opening]);

  return state;
}
