import { api } from '../../lib/api';
import type { Board } from './boards.api';

/*
 * Recently deleted boards, apart from boards.api.ts: only their owner's
 * profile reads them, in a chunk of its own (page weight, decision 017).
 */

export interface DeletedBoard {
  id: string;
  name: string;
  pin_count: number;
  deleted_at: string;
  days_left: number;
}

export async function restoreBoard(boardId: string): Promise<Board> {
  return (await api.send<Board>('BoardRestoreResource', 'create', { board_id: boardId })).data;
}

export async function fetchDeletedBoards(signal?: AbortSignal): Promise<DeletedBoard[]> {
  return (await api.get<DeletedBoard[]>('DeletedBoardsResource', {}, signal)).data;
}
