import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boardKeys, pickerKeys, refreshAfterBoardChange, rememberBoard } from './boardKeys';
import {
  createBoard,
  createSection,
  deleteBoard,
  fetchAllBoards,
  fetchBoardById,
  fetchBoardByPath,
  fetchBoardsPage,
  fetchRepinSections,
  fetchSectionBySlug,
  fetchSections,
  updateBoard,
  type Board,
  type BoardSort,
  type CreateBoardInput,
  type UpdateBoardInput,
} from './boards.api';

export function useBoardByPath(username: string, slug: string) {
  return useQuery({
    queryKey: boardKeys.byPath(username, slug),
    queryFn: ({ signal }) => fetchBoardByPath(username, slug, signal),
  });
}

export function useBoardById(boardId: string) {
  return useQuery({
    queryKey: boardKeys.byId(boardId),
    queryFn: ({ signal }) => fetchBoardById(boardId, signal),
    enabled: /^\d+$/.test(boardId),
  });
}

export function useUserBoards(username: string, sort?: BoardSort) {
  return useInfiniteQuery({
    queryKey: boardKeys.ofUser(username, sort),
    queryFn: ({ pageParam, signal }) => fetchBoardsPage(username, pageParam, signal, undefined, sort),
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

export function useSections(boardId: string | null) {
  return useQuery({
    queryKey: boardKeys.sections(boardId ?? ''),
    queryFn: ({ signal }) => fetchSections(boardId ?? '', signal),
    enabled: !!boardId,
  });
}

/** Sections the viewer can save into; read fresh each time (the spec's "no cache"). */
export function useRepinSections(boardId: string | null) {
  return useQuery({
    queryKey: boardKeys.repinSections(boardId ?? ''),
    queryFn: ({ signal }) => fetchRepinSections(boardId ?? '', signal),
    enabled: !!boardId,
    staleTime: 0,
  });
}

export function useSectionBySlug(boardId: string | null, slug: string) {
  return useQuery({
    queryKey: boardKeys.section(boardId ?? '', slug),
    queryFn: ({ signal }) => fetchSectionBySlug(boardId ?? '', slug, signal),
    enabled: !!boardId,
  });
}

export function useCreateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBoardInput) => createBoard(input),
    onSuccess: async (board: Board) => {
      rememberBoard(queryClient, board);
      await refreshAfterBoardChange(queryClient, board.owner.username);
    },
  });
}

export function useUpdateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBoardInput) => updateBoard(input),
    onSuccess: async (board: Board) => {
      rememberBoard(queryClient, board);
      await refreshAfterBoardChange(queryClient, board.owner.username);
    },
  });
}

export function useDeleteBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (board: Board) => deleteBoard(board.id),
    onSuccess: (_result, board) => {
      void refreshAfterBoardChange(queryClient, board.owner.username);
      // The board's own record goes only after the caller has left its page:
      // refetching it under the open page would answer 404 there.
      setTimeout(() => {
        queryClient.removeQueries({ queryKey: boardKeys.byPath(board.owner.username, board.slug) });
        queryClient.removeQueries({ queryKey: boardKeys.byId(board.id) });
      }, 0);
    },
  });
}

export function useCreateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boardId, title, ownerId }: { boardId: string; title: string; ownerId?: string | undefined }) => createSection(boardId, title, ownerId),
    onSuccess: async (section) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: boardKeys.sections(section.board_id) }),
        queryClient.invalidateQueries({ queryKey: boardKeys.repinSections(section.board_id) }),
        queryClient.invalidateQueries({ queryKey: boardKeys.allByPath }),
        queryClient.invalidateQueries({ queryKey: boardKeys.byId(section.board_id) }),
        queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
      ]);
    },
  });
}
