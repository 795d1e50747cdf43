/** A board as the picker lists it (Pinterest API v5's board, the fields the picker reads). */
export interface PickerBoard {
  id: string;
  name: string;
  privacy?: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The boards in the picker's order: those whose name holds every word of `query` (case and accents aside),
 * the last used first (most recent first), then the rest by name.
 */
export function orderBoards<T extends PickerBoard>(boards: readonly T[], lastUsed: readonly string[], query = ''): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matching = boards.filter((board) => {
    const name = fold(board.name);
    return words.every((word) => name.includes(word));
  });
  const rank = (board: T) => {
    const index = lastUsed.indexOf(board.id);
    return index === -1 ? Number.POSITIVE_INFINITY : index;
  };
  return matching.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** The last-used list after saving to `boardId`: it first, no repeats, at most `keep`. */
export function rememberUse(lastUsed: readonly string[], boardId: string, keep = 10): string[] {
  return [boardId, ...lastUsed.filter((id) => id !== boardId)].slice(0, keep);
}

/**
 * The line shown when the picture or link is already the person's: "Already saved to {board}" with the board
 * names joined, or null when it is on none of their boards.
 */
export function alreadySavedText(boards: readonly { name: string }[], say: (boards: string) => string, join = ', '): string | null {
  if (boards.length === 0) return null;
  return say(boards.map((board) => board.name).join(join));
}
