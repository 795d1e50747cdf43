/**
 * Notifications (docs/product/api-contract.md §9): NotificationsResource get and update,
 * NotificationCountResource get, NotificationSettingsResource get and update,
 * PushSubscriptionResource create and delete.
 */
import { z } from 'zod';
import { zId, zReadExtras } from './common';

/**
 * Every kind of notification, as the contract spells them.
 * @public
 */
export const NOTIFICATION_KINDS = [
  'follow',
  'pin_saved',
  'comment',
  'comment_reply',
  'mention',
  'board_invite',
  'group_board_pin',
  'moderation_decision',
  'import_done',
  'export_done',
  'campaign_status',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The ways a notification reaches a person.
 * @public
 */
export const NOTIFICATION_CHANNELS = ['app', 'email', 'push'] as const;
/** @public */
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const zActor = z.strictObject({ id: zId, username: z.string() });

/** One notification as a person reads it: aggregated (several actors, `actor_count` in all). */
export const zNotificationOut = z.strictObject({
  id: zId,
  kind: z.enum(NOTIFICATION_KINDS),
  /** The newest actors first (at most a few); `actor_count` counts them all. */
  actors: z.array(zActor),
  actor_count: z.number().int().min(0),
  pin_id: zId.optional(),
  board_id: zId.optional(),
  comment_id: zId.optional(),
  created_at: z.string(),
  read: z.boolean(),
});

/** NotificationsResource.get */
export const zNotifications = z.strictObject({ ...zReadExtras });

/** NotificationsResource.update: `read: true` marks all read, or only `ids`. */
export const zMarkNotificationsRead = z.strictObject({
  read: z.literal(true),
  ids: z.array(zId).min(1).max(250).optional(),
});
export const zMarkNotificationsReadOut = z.strictObject({ unread: z.number().int().min(0) });

/** NotificationCountResource.get */
export const zNotificationCountOut = z.strictObject({ unread: z.number().int().min(0) });

const zChannelChoices = z.strictObject({ app: z.boolean(), email: z.boolean(), push: z.boolean() });

/** One value for every kind. */
const perKind = <T extends z.ZodType>(value: T) =>
  z.strictObject(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, value])) as { [K in NotificationKind]: T });

/** NotificationSettingsResource.get: every kind, each channel on or off. */
export const zNotificationSettingsOut = perKind(zChannelChoices);

/** NotificationSettingsResource.update: any kinds, any of their channels. */
export const zUpdateNotificationSettings = perKind(zChannelChoices.partial().optional());

const PUSH_ENDPOINT_MAX = 2048;
const zPushEndpoint = z
  .string()
  .max(PUSH_ENDPOINT_MAX)
  .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'endpoint: A push endpoint is a web address.');

/**
 * PushSubscriptionResource.create: a Web Push subscription as the browser gives it
 * (PushSubscription.toJSON()). Which endpoints the server will post to is the push
 * module's rule, not the schema's.
 */
export const zCreatePushSubscription = z.strictObject({
  endpoint: zPushEndpoint,
  keys: z.strictObject({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
  expirationTime: z.number().nullable().optional(),
});
/** PushSubscriptionResource.delete */
export const zDeletePushSubscription = z.strictObject({ endpoint: zPushEndpoint });
export const zPushSubscriptionOut = z.strictObject({ endpoint: z.string() });
