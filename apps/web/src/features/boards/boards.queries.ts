import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../session/session.queries';
import { userKeys } from '../users/users.queries';
import {
  createBoard,
  createSection,
  deleteBoard,
  fetchAllBoards,
  fetchBoardById,
  fetchBoardByPath,
  fetchBoardsPage,
  fetchDeletedBoards,
  fetchRepinSections,
  fetchSectionBySlug,
  fetchSections,
  restoreBoard,
  updateBoard,
  type Board,
  type BoardSort,
  type CreateBoardInput,
  type UpdateBoardInput,
} from './boards.api';

export const boardKeys = {
  all: ['boards'] as const,
  byPath: (username: string, slug: string) => ['boards', 'path', username.toLowerCase(), slug] as const,
  byId: (boardId: string) => ['boards', 'id', boardId] as const,
  ofUser: (username: string, sort?: BoardSort) => ['boards', 'user', username.toLowerCase(), 'list', sort ?? 'default'] as const,
  userLists: (username: string) => ['boards', 'user', username.toLowerCase()] as const,
  allOfUser: (username: string) => ['boards', 'user', username.toLowerCase(), 'all'] as const,
  deleted: ['boards', 'deleted'] as const,
  sections: (boardId: string) => ['boards', 'sections', boardId] as const,
  repinSections: (boardId: string) => ['boards', 'repin-sections', boardId] as const,
  section: (boardId: string, slug: string) => ['boards', 'section', boardId, slug] as const,
};

/** The board picker's data, refreshed whenever boards change (profiles-and-boards §4). */
export const pickerKeys = {
  all: ['picker'] as const,
  boards: (query: string) => ['picker', 'boards', query] as const,
  shortlist: (pinId: string | null) => ['picker', 'shortlist', pinId ?? ''] as const,
};

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

export function useDeletedBoards(enabled: boolean) {
  return useQuery({ queryKey: boardKeys.deleted, queryFn: ({ signal }) => fetchDeletedBoards(signal), enabled });
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

function rememberBoard(queryClient: QueryClient, board: Board) {
  queryClient.setQueryData(boardKeys.byPath(board.owner.username, board.slug), board);
  queryClient.setQueryData(boardKeys.byId(board.id), board);
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

export function useCreateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boardId, title }: { boardId: string; title: string }) => createSection(boardId, title),
    onSuccess: async (section) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: boardKeys.sections(section.board_id) }),
        queryClient.invalidateQueries({ queryKey: boardKeys.repinSections(section.board_id) }),
        queryClient.invalidateQueries({ queryKey: ['boards', 'path'] }),
        queryClient.invalidateQueries({ queryKey: boardKeys.byId(section.board_id) }),
        queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
      ]);
    },
  });
}
