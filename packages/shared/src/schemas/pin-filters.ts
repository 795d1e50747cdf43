import { z } from 'zod';
import { zId, zReadExtras } from './common';

/**
 * The own profile's Pin filters (docs/product/profiles-and-boards.md §3, §4): Favorites and
 * Created by you combine into one of these flag values; none (or absent)
 * keeps every Pin of the owner.
 */
export const PIN_FLAG_FILTERS = ['FAVORITED', 'CREATED_BY_ME', 'FAVORITED_AND_CREATED_BY_ME', 'none'] as const;
const zPinFlagFilter = z.enum(PIN_FLAG_FILTERS);
export type TPinFlagFilter = z.infer<typeof zPinFlagFilter>;

/** GET /v3/users/me/filtered/pins/ and UserFilteredPinsResource get. */
export const zFilteredPins = z.strictObject({
  flag_filters: zPinFlagFilter.optional(),
  fields: z.string().max(1000).optional(),
  ...zReadExtras,
});

/** A person's Pins that they made themselves (the Created tab). */
export const zCreatedPins = z.strictObject({ username: z.string().min(1).max(64), ...zReadExtras });

/** Marking one's own Pin as a favourite, or no longer (PinFavoriteResource). */
export const zPinFavorite = z.strictObject({ pin_id: zId });
/** PinHideResource create and delete: someone else's Pin, hidden from the home feed or shown again. */
export const zPinHide = z.strictObject({ pin_id: zId });
/** UserPinsResource get: a user's Pins, newest first (the two flags are sent by older clients and mean nothing). */
export const zUserPins = z.strictObject({
  username: z.string().min(1).max(64),
  isAuthenticated: z.boolean().optional(),
  isOwnProfile: z.boolean().optional(),
  ...zReadExtras,
});
