import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ApiResult } from '../../lib/api';
import { commentKeys } from './commentKeys';
import { createComment, deleteComment, fetchComments, reportComment, setCommentHeart, setPinComments, type PinComment } from './comments.api';

export function usePinComments(pinId: string) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(pinId),
    queryFn: ({ pageParam, signal }) => fetchComments(pinId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
  });
}

/** A comment's replies, oldest first, once `enabled` (the thread was opened: decision 090). */
export function useCommentReplies(pinId: string, parentId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: commentKeys.replies(pinId, parentId),
    queryFn: ({ pageParam, signal }) => fetchComments(pinId, pageParam, signal, parentId),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
    enabled,
  });
}

type CommentPages = InfiniteData<ApiResult<PinComment[]>>;

/** Every cached copy of the comment (in the list, inline as a reply, in a thread's pages) changed by `edit`. */
function editComment(
  pages: CommentPages | undefined,
  id: string,
  edit: (c: { heart_count: number; hearted_by_me: boolean }) => { heart_count: number; hearted_by_me: boolean },
) {
  if (!pages) return pages;
  const one = <C extends { id: string; heart_count: number; hearted_by_me: boolean }>(c: C): C => (c.id === id ? { ...c, ...edit(c) } : c);
  return {
    ...pages,
    pages: pages.pages.map((page) => ({ ...page, data: page.data.map((c) => ({ ...one(c), replies: c.replies.map(one) })) })),
  };
}

/** Each change refetches the list and tells the page (`onChanged`), which refreshes the Pin's comment_count. */
export function useCommentActions(pinId: string, onChanged: () => void) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    onChanged();
    await queryClient.invalidateQueries({ queryKey: commentKeys.list(pinId) });
  };
  const setHeart = (id: string, edit: Parameters<typeof editComment>[2]) =>
    queryClient.setQueriesData<CommentPages>({ queryKey: commentKeys.list(pinId) }, (pages) => editComment(pages, id, edit));
  return {
    create: useMutation({
      mutationFn: ({ text, parentId }: { text: string; parentId?: string }) => createComment(pinId, text, parentId),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (commentId: string) => deleteComment(commentId), onSuccess: refresh }),
    report: useMutation({ mutationFn: ({ commentId, reason }: { commentId: string; reason: string }) => reportComment(commentId, reason) }),
    toggle: useMutation({ mutationFn: (enabled: boolean) => setPinComments(pinId, enabled), onSuccess: refresh }),
    // A heart shows at once (optimistic), takes the server's count when it answers, and is undone if refused.
    heart: useMutation({
      mutationFn: ({ commentId, on }: { commentId: string; on: boolean }) => setCommentHeart(commentId, on),
      onMutate: async ({ commentId, on }) => {
        await queryClient.cancelQueries({ queryKey: commentKeys.list(pinId) });
        setHeart(commentId, (c) => (c.hearted_by_me === on ? c : { hearted_by_me: on, heart_count: Math.max(0, c.heart_count + (on ? 1 : -1)) }));
      },
      onSuccess: (result) => setHeart(result.comment_id, () => ({ heart_count: result.heart_count, hearted_by_me: result.hearted_by_me })),
      onError: (_error, { commentId, on }) =>
        setHeart(commentId, (c) => (c.hearted_by_me !== on ? c : { hearted_by_me: !on, heart_count: Math.max(0, c.heart_count + (on ? -1 : 1)) })),
    }),
  };
}
