import type { ResourceInput, ResourceOutput } from '@pinboard/shared/contract';
import { api } from '../../lib/api';

/** One notification as the list shows it (NotificationsResource get, docs/product/api-contract.md §9). */
export type Notification = ResourceOutput<'NotificationsResource', 'get'>[number];
export type NotificationSettings = ResourceOutput<'NotificationSettingsResource', 'get'>;
export type NotificationSettingsUpdate = ResourceInput<'NotificationSettingsResource', 'update'>;

/** The live count's stream: `event: count`, data `{"unread": N}`, on connecting and on every change. */
export const NOTIFICATION_EVENTS_URL = '/v3/notifications/events/';

export async function fetchUnreadCount(signal?: AbortSignal) {
  return (await api.resource('NotificationCountResource', 'get', {}, signal)).data;
}

/** Newest first; the bookmark goes back in time. */
export function fetchNotifications(bookmark: string | null, signal?: AbortSignal) {
  return api.resource('NotificationsResource', 'get', { bookmark: bookmark ?? undefined }, signal);
}

/** Marks every notification read: answers the unread count left (0). */
export async function markAllRead() {
  return (await api.resource('NotificationsResource', 'update', { read: true })).data;
}

export async function fetchNotificationSettings(signal?: AbortSignal) {
  return (await api.resource('NotificationSettingsResource', 'get', {}, signal)).data;
}

export async function updateNotificationSettings(update: NotificationSettingsUpdate) {
  return (await api.resource('NotificationSettingsResource', 'update', update)).data;
}
