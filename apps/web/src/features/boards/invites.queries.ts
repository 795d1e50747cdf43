import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { feedKeys } from '../feeds/feeds.queries';
import { sessionKeys } from '../session/session.queries';
import { boardKeys, pickerKeys } from './boards.queries';
import {
  acceptInvite,
  deleteInvite,
  fetchBoardMembers,
  fetchInviteByPath,
  fetchInviteSuggestions,
  inviteToBoard,
  removeCollaborator,
} from './invites.api';

export const inviteKeys = {
  all: ['board-invites'] as const,
  members: (boardId: string) => ['board-invites', 'members', boardId] as const,
  suggestions: (boardId: string, query: string) => ['board-invites', 'suggestions', boardId, query.trim().toLowerCase()] as const,
  byPath: (username: string, slug: string) => ['board-invites', 'path', username.toLowerCase(), slug] as const,
};

/** A board's collaborators and pending invites, the viewer first. */
export function useBoardMembers(boardId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: inviteKeys.members(boardId),
    queryFn: ({ pageParam, signal }) => fetchBoardMembers(boardId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
    enabled,
  });
}

export function useInviteSuggestions(boardId: string, query: string) {
  return useQuery({
    queryKey: inviteKeys.suggestions(boardId, query),
    queryFn: ({ signal }) => fetchInviteSuggestions(boardId, query, signal),
  });
}

/** The viewer's pending invite to a board they cannot see (a secret one); null when there is none. */
export function useInviteByPath(username: string, slug: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: inviteKeys.byPath(username, slug),
    queryFn: async ({ signal }) => {
      try {
        return await fetchInviteByPath(username, slug, signal);
      } catch (error) {
        if (error && typeof error === 'object' && 'isNotFound' in error && error.isNotFound) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
  });
}

/** The board's record, its people, its feeds and the picker (a collaborator's boards) after someone joins or leaves. */
async function refreshBoardPeople(queryClient: QueryClient, boardId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['boards', 'path'] }),
    queryClient.invalidateQueries({ queryKey: boardKeys.byId(boardId) }),
    queryClient.invalidateQueries({ queryKey: boardKeys.sections(boardId) }),
    queryClient.invalidateQueries({ queryKey: feedKeys.ofBoard(boardId) }),
    queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.viewer }),
  ]);
}

export function useInviteToBoard(boardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => inviteToBoard(boardId, userIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (boardId: string) => acceptInvite(boardId),
    onSuccess: async (board) => {
      queryClient.setQueryData(boardKeys.byPath(board.owner.username, board.slug), board);
      queryClient.setQueryData(boardKeys.byId(board.id), board);
      await refreshBoardPeople(queryClient, board.id);
    },
  });
}

/** The invitee declines (no userId) or a member cancels someone's invite. */
export function useDeleteInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boardId, userId }: { boardId: string; userId?: string }) => deleteInvite(boardId, userId),
    onSuccess: (_result, { boardId }) => refreshBoardPeople(queryClient, boardId),
  });
}

/** The owner removes a collaborator, or a collaborator leaves. */
export function useRemoveCollaborator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boardId, userId }: { boardId: string; userId: string }) => removeCollaborator(boardId, userId),
    // Not awaited: someone leaving a secret board goes elsewhere before its page is read again (it would answer 404).
    onSuccess: (_result, { boardId }) => {
      void refreshBoardPeople(queryClient, boardId);
    },
  });
}
