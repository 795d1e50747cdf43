import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardSort } from '../boards/boards.api';
import { boardKeys, refreshAfterBoardChange } from '../boards/boardKeys';
import { feedKeys } from '../feeds/feeds.queries';
import { profileDetailsKeys } from '../users/profileCache';
import { createOrganizeBoard, fetchBoardlessPins, fetchProfileBoards, fetchProfileDetails, putPinOnBoard, type BoardFilter } from './profile.api';

/**
 * Keys start with the other features' keys (userKeys.profile, the user's
 * board lists, 'feeds'), so their invalidations reach these queries too.
 */
export const profileKeys = {
  ...profileDetailsKeys,
  boards: (username: string, filter: BoardFilter) => [...boardKeys.userLists(username), 'profile', filter] as const,
  boardsSorted: (username: string, filter: BoardFilter, sort?: BoardSort) => [...boardKeys.userLists(username), 'profile', filter, sort ?? 'default'] as const,
  boardless: (username: string) => [...feedKeys.all, 'boardless', username.toLowerCase()] as const,
};

export function useProfileDetails(username: string, inviteCode: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileKeys.details(username, inviteCode),
    queryFn: ({ signal }) => fetchProfileDetails(username, inviteCode, signal),
    enabled,
  });
}

export function useProfileBoards(username: string, filter: BoardFilter, { enabled = true, sort }: { enabled?: boolean; sort?: BoardSort } = {}) {
  return useInfiniteQuery({
    queryKey: profileKeys.boardsSorted(username, filter, sort),
    queryFn: ({ pageParam, signal }) => fetchProfileBoards(username, filter, pageParam, signal, undefined, sort),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
    enabled,
  });
}

/** The owner's boardless Pins: the first page is enough for the strip, its bookmark says whether there are more. */
export function useBoardlessPins(username: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: profileKeys.boardless(username),
    queryFn: ({ pageParam, signal }) => fetchBoardlessPins(username, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
    enabled,
  });
}

export interface OrganizeInput {
  pinIds: string[];
  board: { kind: 'existing'; id: string; name: string } | { kind: 'new'; name: string; secret: boolean };
}

/**
 * Puts boardless Pins on a board (a new one is made first, with
 * aux_data.source 'organize_pins'). Answers the board's name and how many
 * Pins moved; Pins that failed stay unorganized.
 */
export function useOrganizePins(ownerUsername: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ pinIds, board }: OrganizeInput) => {
      const target = board.kind === 'existing' ? { id: board.id, name: board.name } : await createOrganizeBoard(board.name, board.secret);
      const results = await Promise.allSettled(pinIds.map((id) => putPinOnBoard(id, target.id)));
      const moved = results.filter((result) => result.status === 'fulfilled').length;
      const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      return { boardName: target.name, moved, failure: failure ? (failure.reason as unknown) : null };
    },
    onSettled: async () => {
      await Promise.all([
        refreshAfterBoardChange(queryClient, ownerUsername),
        queryClient.invalidateQueries({ queryKey: feedKeys.all }),
        queryClient.invalidateQueries({ queryKey: boardKeys.all }),
      ]);
    },
  });
}
