/**
 * The owner's message flag (docs/product/profiles-and-boards.md §2): a profile URL carrying
 * ?message={value} for its owner shows a toast, then the URL becomes
 * /{username}/. The values are the account messages that speak to the person
 * about the account they are now in (docs/product/logged-out-and-business.md §2, login
 * toasts): after unlinking a business account, or switching into one.
 */
import { MESSAGES } from '../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';

/** The query parameter that carries the flag (the same one the login page reads). */
export const OWNER_MESSAGE_PARAM = 'message';

const OWNER_MESSAGES = ['unlink_successful', 'account_switch_to_settings'] as const;
type OwnerMessage = (typeof OWNER_MESSAGES)[number];

function isOwnerMessage(value: string): value is OwnerMessage {
  return (OWNER_MESSAGES as readonly string[]).includes(value);
}

/** The toast for a flag value, with `{name}` the profile's name; null for anything else. */
export function ownerMessageToastText(message: string | null | undefined, name: string): string | null {
  if (message == null || !isOwnerMessage(message)) return null;
  return interpolate(MESSAGES.loginToast[message], { name });
}
