import type { ResourceOutput } from '@pinboard/shared/contract';
import { api } from '../../lib/api';

export type Conversation = ResourceOutput<'ConversationResource', 'get'>;
/** Everyone in a conversation, the viewer last. */
export type MemberSummary = Conversation['members'][number];
export type Message = ResourceOutput<'ConversationMessagesResource', 'create'>;
/** The sent Pin, when there is one and the viewer may see it. */
export type SentPin = NonNullable<Message['pin']>;
export type ShareSuggestion = ResourceOutput<'ShareSuggestionsResource', 'get'>[number];

/** Text is optional when a Pin is sent. */
export async function createConversation(input: { user_ids: string[]; text?: string; pin_id?: string }) {
  return (await api.resource('ConversationsResource', 'create', { ...input })).data;
}

export function fetchInbox(bookmark: string | null, signal?: AbortSignal) {
  return api.resource('ConversationsResource', 'get', { bookmark: bookmark ?? undefined }, signal);
}

export async function fetchConversation(conversationId: string, signal?: AbortSignal) {
  return (await api.resource('ConversationResource', 'get', { conversation_id: conversationId }, signal)).data;
}

/** Newest first; the bookmark goes back in time. */
export function fetchMessages(conversationId: string, bookmark: string | null, signal?: AbortSignal) {
  return api.resource('ConversationMessagesResource', 'get', { conversation_id: conversationId, bookmark: bookmark ?? undefined }, signal);
}

/** The messages after `sinceId`, oldest first (catching up without the live stream). */
export function fetchMessagesSince(conversationId: string, sinceId: string, signal?: AbortSignal) {
  return api.resource('ConversationMessagesResource', 'get', { conversation_id: conversationId, since_id: sinceId }, signal);
}

export async function sendMessage(input: { conversation_id: string; text: string }) {
  return (await api.resource('ConversationMessagesResource', 'create', { ...input })).data;
}

export async function fetchShareSuggestions(query: string, signal?: AbortSignal) {
  const q = query.trim();
  return (
    await api.resource('ShareSuggestionsResource', 'get', { field_set_key: 'default', hide_group_conversations: true, query: q === '' ? undefined : q }, signal)
  ).data;
}

/** Live updates of one conversation: server-sent events, `message` events carrying the message JSON. */
export function conversationEventsUrl(conversationId: string): string {
  return `/v3/conversations/${encodeURIComponent(conversationId)}/events/`;
}
