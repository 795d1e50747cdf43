/**
 * What an API v5 token may do (decision 100), on top of everything the services' own policies decide for its
 * person (a board or Pin they may not see answers 404 before any of this is asked):
 * - each path needs the scopes Pinterest's document names for it; a scope the token lacks answers 403;
 * - a secret board the person may see (their own, or one they collaborate on) shows only to a token with
 *   `boards:read_secret`, and a Pin on one only with `pins:read_secret`; without it, it answers 404 exactly like
 *   a missing one, and lists leave it out;
 * - changing a secret board (or making a board secret) also needs `boards:write_secret`; making, changing,
 *   deleting or saving a Pin on a secret board also needs `pins:write_secret`.
 */
import type { OAuthScope } from '@pinboard/shared/schemas/oauth';
import { keyedError, notFound } from '../../lib/app-error';
import type { BearerAccess } from '../oauth';

type Privacy = string | null | undefined;
const isSecret = (privacy: Privacy) => privacy === 'secret' || privacy === 'SECRET';

/** 403 naming the first scope of `needed` the token lacks; nothing when it has them all. */
export function requireScopes(access: BearerAccess, needed: readonly OAuthScope[]): void {
  const missing = needed.find((scope) => !access.scopes.has(scope));
  if (missing) throw keyedError('FORBIDDEN', 'apiV5.scopeMissing', { scope: missing });
}

/** A board as the token may see it: a secret one only with boards:read_secret, else null (answered as missing). */
export function boardShown<B extends { privacy: Privacy }>(access: BearerAccess, board: B): B | null {
  return isSecret(board.privacy) && !access.scopes.has('boards:read_secret') ? null : board;
}

/** A Pin as the token may see it: one on a secret board only with pins:read_secret, else null (answered as missing). */
export function pinShown<P extends { privacy: Privacy }>(access: BearerAccess, pin: P): P | null {
  return isSecret(pin.privacy) && !access.scopes.has('pins:read_secret') ? null : pin;
}

/** The board, or 404 like a missing one when the token may not see it. */
export function shownBoardOr404<B extends { privacy: Privacy }>(access: BearerAccess, board: B): B {
  const shown = boardShown(access, board);
  if (!shown) throw notFound('board');
  return shown;
}

/** The Pin, or 404 like a missing one when the token may not see it. */
export function shownPinOr404<P extends { privacy: Privacy }>(access: BearerAccess, pin: P): P {
  const shown = pinShown(access, pin);
  if (!shown) throw notFound('pin');
  return shown;
}

/** Reading a board's Pins: a secret board's need both secret read scopes. */
export function boardPinsShownOr404<B extends { privacy: Privacy }>(access: BearerAccess, board: B): B {
  shownBoardOr404(access, board);
  if (isSecret(board.privacy) && !access.scopes.has('pins:read_secret')) throw notFound('board');
  return board;
}

/** The scopes that changing a board of this privacy (or into it) needs. */
export function boardWriteScopes(...privacies: Privacy[]): OAuthScope[] {
  return privacies.some(isSecret) ? ['boards:write', 'boards:write_secret'] : ['boards:write'];
}

/** The scopes that making or changing a Pin on a board of this privacy needs. */
export function pinWriteScopes(...boardPrivacies: Privacy[]): OAuthScope[] {
  return boardPrivacies.some(isSecret) ? ['pins:write', 'pins:write_secret'] : ['pins:write'];
}

/** Whether a list asking for secret boards may have them (`privacy=SECRET`): only with boards:read_secret. */
export function mayListSecretBoards(access: BearerAccess): boolean {
  return access.scopes.has('boards:read_secret');
}
