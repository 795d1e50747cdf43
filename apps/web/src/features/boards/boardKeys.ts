import type { QueryClient } from '@tanstack/react-query';
import { boardKeys, pickerKeys } from '../../lib/boardKeys';
import { sessionKeys } from '../session/session.queries';
import { userKeys } from '../users/users.queries';
import type { Board } from './boards.api';

/*
 * The query keys of boards and of the board picker (lib/boardKeys.ts,
 * re-exported here), and what to refresh after a board changes: what every
 * page needs (saving a Pin from any feed refreshes them) without the board
 * hooks, which are in boards.queries.ts.
 */

export { boardKeys, pickerKeys };

/**
 * After a board was made, changed or removed: its lists, its owner's record,
 * the viewer (board counts) and the board picker are out of date.
 */
export async function refreshAfterBoardChange(queryClient: QueryClient, ownerUsername: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: boardKeys.userLists(ownerUsername) }),
    queryClient.invalidateQueries({ queryKey: boardKeys.deleted }),
    queryClient.invalidateQueries({ queryKey: userKeys.profile(ownerUsername) }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.viewer }),
    queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
  ]);
}

/** A board just made, changed or restored is known by its path and its id without reading it again. */
export function rememberBoard(queryClient: QueryClient, board: Board) {
  queryClient.setQueryData(boardKeys.byPath(board.owner.username, board.slug), board);
  queryClient.setQueryData(boardKeys.byId(board.id), board);
}
