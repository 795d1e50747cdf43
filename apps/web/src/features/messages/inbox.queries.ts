import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchInbox } from './messages.api';

/*
 * The inbox, which the header reads on every page for its unread dot; the
 * conversation hooks are in messages.queries.ts.
 */

export const messageKeys = {
  all: ['messages'] as const,
  inbox: ['messages', 'inbox'] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  messages: (id: string) => ['messages', 'conversation', id, 'messages'] as const,
  suggestions: (query: string) => ['messages', 'share-suggestions', query.trim().toLowerCase()] as const,
};

/** The viewer's conversations, newest first (the header's unread dot and the inbox). */
export function useInbox({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: messageKeys.inbox,
    queryFn: ({ pageParam, signal }) => fetchInbox(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
    enabled,
    staleTime: 10_000,
  });
}
