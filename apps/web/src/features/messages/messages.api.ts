import { api, type ApiResult } from '../../lib/api';
import type { Pin } from '../../lib/pinTypes';

export interface MemberSummary {
  id: string;
  username: string;
  full_name: string;
  image_medium_url: string | null;
}

export interface Message {
  id: string;
  conversation_id: string;
  sender_id: string;
  text: string;
  pin_id: string | null;
  created_at: string;
  /** The sent Pin, when there is one and the viewer may see it. */
  pin?: SentPin | null;
  /** A Pin was sent that the viewer may not see. */
  pin_unavailable?: boolean;
}

export interface SentPin {
  id: string;
  title: string;
  alt_text: string | null;
  images: Pin['images'];
  dominant_color: string;
  width: number;
  height: number;
}

export interface Conversation {
  id: string;
  created_at: string;
  last_message_at: string;
  /** Everyone in it, the viewer last. */
  members: MemberSummary[];
  last_message: Message | null;
  unread: boolean;
}

export type ShareSuggestion =
  { type: 'user_share_suggestion'; id: string; username: string; full_name: string; image_medium_url: string | null } | { type: 'email'; email: string };

/** Text is optional when a Pin is sent. */
export async function createConversation(input: { user_ids: string[]; text?: string; pin_id?: string }): Promise<Conversation> {
  return (await api.send<Conversation>('ConversationsResource', 'create', { ...input })).data;
}

export function fetchInbox(bookmark: string | null, signal?: AbortSignal): Promise<ApiResult<Conversation[]>> {
  return api.get<Conversation[]>('ConversationsResource', { bookmark: bookmark ?? undefined }, signal);
}

export async function fetchConversation(conversationId: string, signal?: AbortSignal): Promise<Conversation> {
  return (await api.get<Conversation>('ConversationResource', { conversation_id: conversationId }, signal)).data;
}

/** Newest first; the bookmark goes back in time. */
export function fetchMessages(conversationId: string, bookmark: string | null, signal?: AbortSignal): Promise<ApiResult<Message[]>> {
  return api.get<Message[]>('ConversationMessagesResource', { conversation_id: conversationId, bookmark: bookmark ?? undefined }, signal);
}

/** The messages after `sinceId`, oldest first (catching up without the live stream). */
export function fetchMessagesSince(conversationId: string, sinceId: string, signal?: AbortSignal): Promise<ApiResult<Message[]>> {
  return api.get<Message[]>('ConversationMessagesResource', { conversation_id: conversationId, since_id: sinceId }, signal);
}

export async function sendMessage(input: { conversation_id: string; text: string }): Promise<Message> {
  return (await api.send<Message>('ConversationMessagesResource', 'create', { ...input })).data;
}

export async function fetchShareSuggestions(query: string, signal?: AbortSignal): Promise<ShareSuggestion[]> {
  const q = query.trim();
  return (
    await api.get<ShareSuggestion[]>(
      'ShareSuggestionsResource',
      { field_set_key: 'default', hide_group_conversations: true, query: q === '' ? undefined : q },
      signal,
    )
  ).data;
}

/** Live updates of one conversation: server-sent events, `message` events carrying the message JSON. */
export function conversationEventsUrl(conversationId: string): string {
  return `/v3/conversations/${encodeURIComponent(conversationId)}/events/`;
}
