/**
 * Messages and conversations as the API answers them. A conversation lists
 * everyone in it (the viewer last) and its latest message; `unread` is true
 * when someone else wrote after the viewer last read it.
 */
import { presentUserSummary } from '../users/users.present';
import type { ConversationRow, MemberRow, MessageRow } from './messages.repo';

export interface PresentedMessage {
  id: string;
  conversation_id: string;
  sender_id: string;
  text: string;
  pin_id: string | null;
  created_at: string;
}

export function presentMessage(m: MessageRow): PresentedMessage {
  return {
    id: m.id,
    conversation_id: m.conversation_id,
    sender_id: m.sender_id,
    text: m.text,
    pin_id: m.pin_id,
    created_at: m.created_at.toISOString(),
  };
}

export function presentConversation(c: ConversationRow, members: MemberRow[], viewerId: string) {
  const ordered = [...members].sort((a, b) => Number(a.id === viewerId) - Number(b.id === viewerId) || a.username.localeCompare(b.username));
  return {
    id: c.id,
    created_at: c.created_at.toISOString(),
    last_message_at: c.last_message_at.toISOString(),
    members: ordered.map(presentUserSummary),
    last_message:
      c.lm_id && c.lm_sender_id && c.lm_text !== null && c.lm_created_at
        ? presentMessage({ id: c.lm_id, conversation_id: c.id, sender_id: c.lm_sender_id, text: c.lm_text, pin_id: c.lm_pin_id, created_at: c.lm_created_at })
        : null,
    unread: c.unread,
  };
}

export type PresentedConversation = ReturnType<typeof presentConversation>;

export interface ShareSuggestionRow {
  id: string;
  username: string;
  full_name: string;
  image_url: string | null;
}

/** A share suggestion (logged-out-and-business §3). */
export function presentUserShareSuggestion(u: ShareSuggestionRow) {
  const { id, username, full_name, image_medium_url } = presentUserSummary(u);
  return { type: 'user_share_suggestion' as const, id, username, full_name, image_medium_url };
}

export function presentEmailShareSuggestion(email: string) {
  return { type: 'email' as const, email };
}
