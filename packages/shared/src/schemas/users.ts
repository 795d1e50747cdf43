import { z } from 'zod';
import { AD_AGE_GROUPS, AD_GENDERS } from '../constants/ads';
import { isCountryCode } from '../constants/countries';
import { SUPPORTED_LOCALES } from '../constants/locales';
import { MESSAGES } from '../constants/messages';
import { isValidLink } from '../text/links';
import { zMfaCodeOrRecovery } from './business';
import { zId, zReadExtras } from './common';

export const USERNAME_RULE = /^[A-Za-z0-9_]{3,30}$/;

/** The contract's password rule: 8 to 256 characters, never trimmed or truncated. */
const zPassword = z
  .string()
  .min(8, { error: () => MESSAGES.validation.passwordTooShort })
  .max(256, { error: () => MESSAGES.validation.passwordTooLong });

export const zRegister = z.strictObject({
  email: z.string().trim().max(254),
  password: zPassword,
  username: z
    .string()
    .trim()
    .regex(USERNAME_RULE, { error: () => MESSAGES.validation.usernameRule })
    .optional(),
  full_name: z.string().trim().max(100).optional(),
  /** The language the person signed up in (the page's); else the request's Accept-Language, else en-US. */
  locale: z.enum(SUPPORTED_LOCALES).optional(),
});
export type TRegister = z.infer<typeof zRegister>;

export const zLogin = z.strictObject({
  username_or_email: z
    .string()
    .trim()
    .min(1, { error: () => MESSAGES.validation.enterEmailOrUsername })
    .max(254),
  password: z
    .string()
    .min(1, { error: () => MESSAGES.validation.enterPassword })
    .max(256),
  /** Asked once two-factor sign-in is on: a code from the authenticator app, or a recovery code. */
  mfa_code: zMfaCodeOrRecovery.optional(),
});
export type TLogin = z.infer<typeof zLogin>;

/** UserPasswordResource update: a new password for the signed-in account. */
export const zChangePassword = z.strictObject({
  current_password: z
    .string()
    .min(1, { error: () => MESSAGES.validation.enterCurrentPassword })
    .max(256),
  new_password: zPassword,
});
export type TChangePassword = z.infer<typeof zChangePassword>;

export const zGetUser = z.strictObject({
  username: z.string().trim().min(1).max(64),
  invite_code: z.string().max(128).optional(),
  is_mobile_fork: z.boolean().optional(),
  get_page_metadata: z.boolean().optional(),
  ...zReadExtras,
});

export const zBoardSortOrder = z.enum(['alphabetical', 'custom', 'last_pinned_to']);
export const zDensity = z.enum(['regular', 'dense']);

/** User metadata and view preferences (docs/product/profiles-and-boards.md §3). */
export const zUpdateUserMetadata = z.strictObject({
  most_recent_board_sort_order: zBoardSortOrder.optional(),
  board_pin_rep_view_type: zDensity.optional(),
  profile_pin_rep_view_type: zDensity.optional(),
  profile_board_rep_view_type: z.enum(['square', 'wide']).optional(),
  board_sort_order: z.strictObject({ board_id: zId, order: zBoardSortOrder }).optional(),
  save_behavior: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type TUpdateUserMetadata = z.infer<typeof zUpdateUserMetadata>;

/** The viewer's own profile (/settings/edit-profile). */
export const zUpdateProfile = z.strictObject({
  full_name: z.string().trim().min(1, 'Your name can’t be empty.').max(100).optional(),
  first_name: z.string().trim().max(100).optional(),
  username: z
    .string()
    .trim()
    .regex(USERNAME_RULE, { error: () => MESSAGES.validation.usernameRule })
    .optional(),
  about: z.string().trim().max(500).optional(),
  location: z.string().trim().max(100).optional(),
  website_url: z.string().trim().max(2048).refine(isValidLink, MESSAGES.invalidUrl).optional(),
  pronouns: z.array(z.string().trim().min(1).max(20)).max(2).optional(),
  is_private_profile: z.boolean().optional(),
  allow_messages: z.boolean().optional(),
  /** The account's country (ISO 3166-1 alpha-2, /settings/account-settings/). */
  country: z.string().trim().toUpperCase().refine(isCountryCode, 'Choose a country from the list.').optional(),
  /** The account's language (one of SUPPORTED_LOCALES, /settings/account-settings/): the UI's texts and formats. */
  locale: z.enum(SUPPORTED_LOCALES).optional(),
  /** The person's gender and age group, when they tell them (null: unknown); promoted Pins' targeting matches them (decision 043). */
  gender: z.enum(AD_GENDERS).nullable().optional(),
  age_group: z.enum(AD_AGE_GROUPS).nullable().optional(),
  profile_image_base64: z
    .string()
    .max(28 * 1024 * 1024)
    .optional(),
});
export type TUpdateProfile = z.infer<typeof zUpdateProfile>;
