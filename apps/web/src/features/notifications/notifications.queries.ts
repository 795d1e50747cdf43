import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchNotificationSettings,
  fetchNotifications,
  fetchUnreadCount,
  markAllRead,
  updateNotificationSettings,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from './notifications.api';
import type { Viewer } from '../session/session.api';
import { sessionKeys } from '../session/session.queries';

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
};

/** How often the badge asks for its count when the live stream is not open. */
const POLL_MS = 60_000;

/**
 * The unread count of the header's bell; polled only while the live stream is not open (useLiveNotificationCount),
 * and never asked for once its session ended (`enabled` false) or once the page knows it is signed out (a log-out
 * here drops every cached answer just before the header drops the bell: a count asked for in between would only
 * be refused).
 */
export function useUnreadCount({ live, enabled = true }: { live: boolean; enabled?: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.count,
    queryFn: ({ signal }) =>
      queryClient.getQueryData<Viewer>(sessionKeys.viewer)?.isAuth === false ? Promise.resolve({ unread: 0 }) : fetchUnreadCount(signal),
    enabled,
    staleTime: live ? Infinity : 10_000,
    refetchInterval: live ? false : POLL_MS,
  });
}

/** The viewer's notifications, newest first, a page at a time. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
  });
}

/** Marks every notification read; the badge shows the count the server answers (0). The list keeps its marks until it is read again. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllRead(),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(notificationKeys.count, { unread });
    },
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => fetchNotificationSettings(signal),
  });
}

const settingsMutation = ['notifications', 'settings', 'update'] as const;

/**
 * Saves a change of the notification settings, shown at once (optimistic):
 * on an error the settings read before the change come back and the caller
 * tells the person. The server's answer is taken only when no other change is
 * on its way (a later change's optimistic state is not overwritten).
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsMutation,
    mutationFn: (update: NotificationSettingsUpdate) => updateNotificationSettings(update),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.settings });
      const before = queryClient.getQueryData<NotificationSettings>(notificationKeys.settings);
      if (before) queryClient.setQueryData(notificationKeys.settings, mergeSettings(before, update));
      return { before };
    },
    onError: (_error, update, context) => {
      // Undo only this change: another one made meanwhile stays.
      const now = queryClient.getQueryData<NotificationSettings>(notificationKeys.settings);
      if (now && context?.before) queryClient.setQueryData(notificationKeys.settings, revertSettings(now, update, context.before));
    },
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: settingsMutation }) <= 1) queryClient.setQueryData(notificationKeys.settings, saved);
    },
  });
}

/** The settings with an update's channels applied. */
function mergeSettings(settings: NotificationSettings, update: NotificationSettingsUpdate): NotificationSettings {
  const next = { ...settings };
  for (const kind of Object.keys(update) as (keyof NotificationSettings)[]) {
    const change = update[kind];
    if (change) next[kind] = { ...next[kind], ...change };
  }
  return next;
}

/** The settings with an update's channels put back as they were before it. */
function revertSettings(settings: NotificationSettings, update: NotificationSettingsUpdate, before: NotificationSettings): NotificationSettings {
  const next = { ...settings };
  for (const kind of Object.keys(update) as (keyof NotificationSettings)[]) {
    const change = update[kind];
    if (!change) continue;
    const restored = { ...next[kind] };
    for (const channel of Object.keys(change) as (keyof typeof restored)[]) restored[channel] = before[kind][channel];
    next[kind] = restored;
  }
  return next;
}
