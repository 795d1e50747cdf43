/**
 * Logged-out entry on the wire (docs/product/api-contract.md §8): the landing call and the
 * upsell events. Unknown names answer 400 naming the field.
 */
import { z } from 'zod';
import { PAGE_KINDS, UNAUTH_EVENTS } from '../constants/entry';
import { ENTRY_CHANNELS, REFERRER_KINDS } from '../constants/entryChannels';
import { zId } from './common';

const zPageKind = z.enum(PAGE_KINDS);
const zUnauthEventName = z.enum(UNAUTH_EVENTS);

/** UnauthEventResource create: one event on one kind of page; nothing about the person. */
export const zUnauthEvent = z.strictObject({
  event: zUnauthEventName,
  page_kind: zPageKind,
});

/**
 * POST /v3/invite_code/attribution/land/: the landing, with the invite code
 * (URL-encoded twice, as the spec's client sends it) when the address had one.
 */
export const zAttributionLand = z.strictObject({
  invite_code: z.string().min(1).max(512).optional(),
  channel: z.enum(ENTRY_CHANNELS).optional(),
  referrer: z.enum(REFERRER_KINDS).optional(),
  page_kind: zPageKind.optional(),
  /** The social tracking id of a shared Pin link (`sti`), when the address had one. */
  tracking_id: z
    .string()
    .regex(/^[\w-]{20,128}$/, 'Expected a tracking id.')
    .optional(),
});
export type AttributionLand = z.infer<typeof zAttributionLand>;

/** EntrySignupsResource get (staff): sign-ups by entry channel per week. */
/** SocialTrackingIdResource get: the viewer's own id (docs/product/logged-out-and-business.md §7). */
export const zSocialTrackingId = z.strictObject({ user_id: zId });

export const zEntrySignups = z.strictObject({ weeks: z.coerce.number().int().min(1).max(52).optional() });
