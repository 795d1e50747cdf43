import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENTS_URL } from './notifications.api';
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
 * browsers), the count is polled instead: answers whether the stream is open.
 */
export function useLiveNotificationCount(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(NOTIFICATION_EVENTS_URL);
    source.addEventListener('open', () => setLive(true));
    source.addEventListener('count', (event: MessageEvent<string>) => {
      const unread = unreadOf(event.data);
      if (unread === null) return;
      const before = queryClient.getQueryData<{ unread: number }>(notificationKeys.count)?.unread;
      queryClient.setQueryData(notificationKeys.count, { unread });
      if (before === undefined || unread > before) void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    });
    source.addEventListener('error', () => {
      // Reconnecting (CONNECTING): the count may be missed meanwhile, so poll until it is open again.
      setLive(false);
      if (source.readyState === EventSource.CLOSED) source.close();
    });
    return () => {
      source.close();
      setLive(false);
    };
  }, [enabled, queryClient]);

  return live;
}
