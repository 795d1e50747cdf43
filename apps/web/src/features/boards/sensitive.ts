import type { Board } from './boards.api';

/**
 * How a board the owner marked as possibly sensitive is drawn (decision 016):
 * - `plain`: not sensitive, or a visitor chose to show it for this page view;
 * - `marked`: the owner and collaborators (the people on the board) see it as
 *   it is, with a small label saying it is marked;
 * - `veiled`: everyone else sees the cover blurred and the Pins held back
 *   behind 'This board may contain sensitive content' until they show them.
 */
export type SensitiveLook = 'plain' | 'marked' | 'veiled';

export function sensitiveLook(board: Pick<Board, 'is_sensitive' | 'is_owner' | 'collaborated_by_me'>, revealed: boolean): SensitiveLook {
  if (!board.is_sensitive) return 'plain';
  if (board.is_owner || board.collaborated_by_me) return 'marked';
  return revealed ? 'plain' : 'veiled';
}
