/**
 * A board invite link (decision 013): the board's address with
 * `?accept_invite={token}`, and `seamless=true` added when the person comes
 * back from the invite's login prompt (docs/product/profiles-and-boards.md §8).
 */
import { MESSAGES } from '../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';

/** The params of a board invite link: `?accept_invite={token}`, and `seamless=true` once the person logged in from its prompt. */
export const ACCEPT_INVITE_PARAM = 'accept_invite';
export const SEAMLESS_PARAM = 'seamless';

/** Where the invite's login prompt leads back to (docs/product/profiles-and-boards.md §8): the board's address with accept_invite and seamless. */
export function inviteReturnPath(pathname: string, token: string): string {
  return `${pathname}?${ACCEPT_INVITE_PARAM}=${encodeURIComponent(token)}&${SEAMLESS_PARAM}=true`;
}

/** The prompt's title: with the inviter's first name when the link names one. */
export function inviteLoginTitle(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? interpolate(MESSAGES.loginPrompt.boardInviteNamed, { name }) : MESSAGES.loginPrompt.boardInvite;
}
