import { api } from '../../lib/api';
import type { Board } from './boards.api';

/*
 * Recently deleted boards, apart from boards.api.ts: only their owner's
 * profile reads them, in a chunk of its own (page weight, decision 017).
 */

export async function restoreBoard(boardId: string): Promise<Board> {
  return (await api.resource('BoardRestoreResource', 'create', { board_id: boardId })).data;
}

export async function fetchDeletedBoards(signal?: AbortSignal) {
  return (await api.resource('DeletedBoardsResource', 'get', {}, signal)).data;
}
