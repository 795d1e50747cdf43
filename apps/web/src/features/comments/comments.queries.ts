import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { commentKeys } from './commentKeys';
import { createComment, deleteComment, fetchComments, reportComment, setPinComments } from './comments.api';

export function usePinComments(pinId: string) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(pinId),
    queryFn: ({ pageParam, signal }) => fetchComments(pinId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
  });
}

/** Each change refetches the list and tells the page (`onChanged`), which refreshes the Pin's comment_count. */
export function useCommentActions(pinId: string, onChanged: () => void) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    onChanged();
    await queryClient.invalidateQueries({ queryKey: commentKeys.list(pinId) });
  };
  return {
    create: useMutation({ mutationFn: (text: string) => createComment(pinId, text), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (commentId: string) => deleteComment(commentId), onSuccess: refresh }),
    report: useMutation({ mutationFn: ({ commentId, reason }: { commentId: string; reason: string }) => reportComment(commentId, reason) }),
    toggle: useMutation({ mutationFn: (enabled: boolean) => setPinComments(pinId, enabled), onSuccess: refresh }),
  };
}
