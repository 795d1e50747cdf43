import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Board } from './boards.api';
import { boardKeys, refreshAfterBoardChange, rememberBoard } from './boardKeys';
import { fetchDeletedBoards, restoreBoard } from './deletedBoards.api';

export function useDeletedBoards(enabled: boolean) {
  return useQuery({ queryKey: boardKeys.deleted, queryFn: ({ signal }) => fetchDeletedBoards(signal), enabled });
}

export function useRestoreBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (boardId: string) => restoreBoard(boardId),
    onSuccess: async (board: Board) => {
      rememberBoard(queryClient, board);
      await refreshAfterBoardChange(queryClient, board.owner.username);
    },
  });
}
