/**
 * Partner profiles, verified-merchant badges, tried Pins and Pin clusters
 * (docs/product/profiles-and-boards.md §3, §5, §7).
 */
import { z } from 'zod';
import { BADGE_MAX_SELECTIONS, HEX_COLOR_RULE, INSPIRATIONAL_BADGE_IDS } from '../constants/badges';
import { PIN_CLUSTER_LIMIT } from '../constants/limits';
import { isValidEmail } from '../text/email';
import { zId, zReadExtras } from './common';

/** VerifiedMerchantResource update: inspirational_badge_selection {badgeColor, badgeOptOut}. */
const zBadgeSelection = z
  .strictObject({
    badgeColor: z.string().trim().regex(HEX_COLOR_RULE, 'Choose a colour as #rrggbb.'),
    badgeOptOut: z.array(z.string().refine((id) => INSPIRATIONAL_BADGE_IDS.includes(id), 'That badge does not exist.')).max(INSPIRATIONAL_BADGE_IDS.length),
  })
  .refine((selection) => INSPIRATIONAL_BADGE_IDS.filter((id) => !selection.badgeOptOut.includes(id)).length <= BADGE_MAX_SELECTIONS, {
    message: `Choose at most ${BADGE_MAX_SELECTIONS} badges.`,
    path: ['badgeOptOut'],
  });
export type TBadgeSelection = z.infer<typeof zBadgeSelection>;

export const zGetVerifiedMerchant = z.strictObject({ userId: zId, ...zReadExtras });
export const zUpdateVerifiedMerchant = z.strictObject({
  userId: zId.optional(),
  inspirational_badge_selection: zBadgeSelection,
});

const PHONE_RULE = /^[0-9 ()-]{4,20}$/;

/** A partner's own contact details and profile options (the partner field set). */
export const zUpdatePartnerProfile = z.strictObject({
  contact_email: z
    .string()
    .trim()
    .max(254)
    .refine((email) => email === '' || isValidEmail(email), 'Enter a valid email address.')
    .optional(),
  contact_phone: z
    .string()
    .trim()
    .refine((phone) => phone === '' || PHONE_RULE.test(phone), 'Enter a phone number with digits only.')
    .optional(),
  contact_phone_code: z
    .string()
    .trim()
    .regex(/^(\+\d{1,4})?$/, 'Enter a country code like +44.')
    .optional(),
  enable_profile_message: z.boolean().optional(),
  enable_profile_address: z.boolean().optional(),
  profile_place: z.string().trim().max(200).optional(),
});
export type TUpdatePartnerProfile = z.infer<typeof zUpdatePartnerProfile>;

/** ProfileCoverResource create: the image as a multipart file or a data URL. */
export const zSetProfileCover = z.strictObject({
  image_base64: z
    .string()
    .max(28 * 1024 * 1024)
    .optional(),
});

export const zPinTried = z.strictObject({ pin_id: zId });
export const zTriedPins = z.strictObject({ username: z.string().trim().min(1).max(64), ...zReadExtras });

/** GET /v3/users/profile/pins/clusters/ query. */
export const zPinClusters = z.strictObject({
  exclude_quick_save_pins: z.enum(['true', 'false']).optional(),
  max_cluster_limit: z.coerce.number().int().min(1).max(PIN_CLUSTER_LIMIT).optional(),
  fields: z.string().max(512).optional(),
});

/** Putting a cluster's Pins on one of the owner's boards. */
/** PinClusterResource get: one board suggestion. */
export const zGetCluster = z.strictObject({ cluster_id: zId, ...zReadExtras });
export const zOrganizeCluster = z.strictObject({ cluster_id: zId, board_id: zId });
