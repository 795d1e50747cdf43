import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { feedKeys } from '../feeds/feeds.queries';
import { sessionKeys } from '../session/session.queries';
import { boardKeys, pickerKeys } from './boardKeys';
import {
  acceptInvite,
  deleteInvite,
  fetchBoardMembers,
  fetchInviteByPath,
  fetchInviteLinkPreview,
  fetchInviteSuggestions,
  inviteToBoard,
  redeemInviteLink,
  removeCollaborator,
} from './invites.api';

export const inviteKeys = {
  all: ['board-invites'] as const,
  members: (boardId: string) => ['board-invites', 'members', boardId] as const,
  suggestions: (boardId: string, query: string) => ['board-invites', 'suggestions', boardId, query.trim().toLowerCase()] as const,
  byPath: (username: string, slug: string) => ['board-invites', 'path', username.toLowerCase(), slug] as const,
  link: (token: string) => ['board-invites', 'link', token] as const,
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

/** What a mailed invite link's login prompt shows; null when the link is not (or no longer) valid. */
export function useInviteLinkPreview(token: string | null) {
  return useQuery({
    queryKey: inviteKeys.link(token ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await fetchInviteLinkPreview(token ?? '', signal);
      } catch (error) {
        if (error && typeof error === 'object' && 'isNotFound' in error && error.isNotFound) return null;
        throw error;
      }
    },
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
}

/** The board's record, its people, its feeds and the picker (a collaborator's boards) after someone joins or leaves. */
async function refreshBoardPeople(queryClient: QueryClient, boardId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
    queryClient.invalidateQueries({ queryKey: boardKeys.allByPath }),
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
    mutationFn: (who: { userIds?: string[]; emails?: string[] }) => inviteToBoard(boardId, who),
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

/**
 * Redeems a mailed invite link: the viewer's pending invite (the board page
 * then shows its card), or with seamless the board they now collaborate on.
 */
export function useRedeemInviteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, seamless }: { token: string; seamless: boolean }) => redeemInviteLink(token, seamless),
    onSuccess: async (result) => {
      if (result.status === 'accepted') {
        queryClient.setQueryData(boardKeys.byPath(result.board.owner.username, result.board.slug), result.board);
        queryClient.setQueryData(boardKeys.byId(result.board.id), result.board);
      }
      await refreshBoardPeople(queryClient, result.status === 'accepted' ? result.board.id : result.invite.board.id);
    },
  });
}

/** The invitee declines (no userId or email) or a member cancels someone's invite. */
export function useDeleteInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boardId, userId, email }: { boardId: string; userId?: string; email?: string }) => deleteInvite(boardId, { userId, email }),
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
