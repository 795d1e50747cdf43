import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../session/session.queries';
import { userKeys } from '../users/users.queries';
import { createBoard, fetchAllBoards, fetchBoardByPath, fetchBoardsPage, type Board, type CreateBoardInput } from './boards.api';

export const boardKeys = {
  all: ['boards'] as const,
  byPath: (username: string, slug: string) => ['boards', 'path', username.toLowerCase(), slug] as const,
  ofUser: (username: string) => ['boards', 'user', username.toLowerCase()] as const,
  allOfUser: (username: string) => ['boards', 'user', username.toLowerCase(), 'all'] as const,
};

export function useBoardByPath(username: string, slug: string) {
  return useQuery({
    queryKey: boardKeys.byPath(username, slug),
    queryFn: ({ signal }) => fetchBoardByPath(username, slug, signal),
  });
}

export function useUserBoards(username: string) {
  return useInfiniteQuery({
    queryKey: boardKeys.ofUser(username),
    queryFn: ({ pageParam, signal }) => fetchBoardsPage(username, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
  });
}

/** All of a user's boards at once, for the board select. */
export function useAllUserBoards(username: string | null) {
  return useQuery({
    queryKey: boardKeys.allOfUser(username ?? ''),
    queryFn: ({ signal }) => fetchAllBoards(username ?? '', signal),
    enabled: !!username,
  });
}

export function useCreateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBoardInput) => createBoard(input),
    onSuccess: async (board: Board) => {
      queryClient.setQueryData(boardKeys.byPath(board.owner.username, board.slug), board);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: boardKeys.ofUser(board.owner.username) }),
        queryClient.invalidateQueries({ queryKey: userKeys.profile(board.owner.username) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.viewer }),
      ]);
    },
  });
}
