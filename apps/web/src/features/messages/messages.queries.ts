import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { MESSAGES } from '../../lib/messages';
import { isApiError, type ApiResult } from '../../lib/api';
import { createConversation, fetchConversation, fetchMessages, fetchShareSuggestions, sendMessage, type Conversation, type Message } from './messages.api';
import { messageKeys } from './inbox.queries';

export type MessagePages = InfiniteData<ApiResult<Message[]>, string | null>;

/** The text shown when sending fails (docs/product/profiles-and-boards.md §8): the server's detail or message, else the spec's. */
export function sendErrorText(error: unknown): string {
  if (isApiError(error)) return error.messageDetail || error.message || MESSAGES.messaging.createConversationFailed;
  return MESSAGES.messaging.createConversationFailed;
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: messageKeys.conversation(id),
    queryFn: ({ signal }) => fetchConversation(id, signal),
    enabled: /^\d+$/.test(id),
  });
}

/** Newest page first; older pages follow the bookmark. */
export function useMessages(id: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.messages(id),
    queryFn: ({ pageParam, signal }) => fetchMessages(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
    enabled: /^\d+$/.test(id),
    staleTime: Infinity,
  });
}

/** Adds messages that arrived (live or sent) to the cached first page, once each. */
export function addMessagesToCache(queryClient: ReturnType<typeof useQueryClient>, conversationId: string, messages: readonly Message[]) {
  if (messages.length === 0) return;
  queryClient.setQueryData<MessagePages>(messageKeys.messages(conversationId), (old) => {
    if (!old || old.pages.length === 0) return old;
    const known = new Set(old.pages.flatMap((page) => page.data.map((message) => message.id)));
    const fresh = messages.filter((message) => !known.has(message.id));
    if (fresh.length === 0) return old;
    const [first, ...rest] = old.pages;
    if (!first) return old;
    // Pages are newest first.
    const newestFirst = [...fresh].sort((a, b) => compareIds(b.id, a.id));
    return { ...old, pages: [{ ...first, data: [...newestFirst, ...first.data] }, ...rest] };
  });
}

/** Ids are decimal strings of a time-ordered 64-bit number. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { user_ids: string[]; text?: string; pin_id?: string }) => createConversation(input),
    onSuccess: (conversation: Conversation) => {
      queryClient.setQueryData(messageKeys.conversation(conversation.id), conversation);
      return queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendMessage({ conversation_id: conversationId, text }),
    onSuccess: (message) => {
      addMessagesToCache(queryClient, conversationId, [message]);
      return queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
    },
  });
}

/** People (and an email candidate) to share with; read fresh each time (the spec's "uncached"). */
export function useShareSuggestions(query: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: messageKeys.suggestions(query),
    queryFn: ({ signal }) => fetchShareSuggestions(query, signal),
    enabled,
    staleTime: 0,
    gcTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
