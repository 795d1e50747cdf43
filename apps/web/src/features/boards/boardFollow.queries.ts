import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { feedKeys } from '../../lib/feedCache';
import { boardKeys } from './boardKeys';
import { followBoard, type Board, type BoardFollowResult } from './boards.api';

/*
 * Following a board (decision 089), optimistic as following a person is (docs/product/profiles-and-boards.md §4):
 * every cached read of the board flips at once, flips back if the call fails, and takes the server's count after.
 */

type Snapshot = [QueryKey, unknown][];
type FollowFacts = Pick<Board, 'followed_by_me' | 'follower_count'>;

const isBoardRead = (data: unknown, boardId: string): data is Board =>
  !!data && typeof data === 'object' && (data as { id?: unknown }).id === boardId && 'followed_by_me' in data;

/** Every cached single read of the board (by path or by id). */
function patchBoard(queryClient: QueryClient, boardId: string, patch: (board: FollowFacts) => FollowFacts) {
  queryClient.setQueriesData({ queryKey: boardKeys.all }, (old: unknown) => (isBoardRead(old, boardId) ? { ...old, ...patch(old) } : old));
}

export function useFollowBoard() {
  const queryClient = useQueryClient();
  return useMutation<BoardFollowResult, unknown, { board: Pick<Board, 'id'>; follow: boolean }, { snapshot: Snapshot }>({
    mutationFn: ({ board, follow }) => followBoard(board.id, follow),
    onMutate: async ({ board, follow }) => {
      await queryClient.cancelQueries({ queryKey: boardKeys.byId(board.id) });
      const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: boardKeys.all }).filter(([, data]) => isBoardRead(data, board.id));
      patchBoard(queryClient, board.id, (b) =>
        b.followed_by_me === follow ? b : { followed_by_me: follow, follower_count: Math.max(0, b.follower_count + (follow ? 1 : -1)) },
      );
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (result, { board }) => {
      patchBoard(queryClient, board.id, () => ({ followed_by_me: result.followed_by_me, follower_count: result.follower_count }));
    },
    // The home feed has the followed boards' Pins.
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKeys.feed({ kind: 'home' }) }),
  });
}
