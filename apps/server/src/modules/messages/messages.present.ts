/**
 * Messages and conversations as the API answers them. A conversation lists
 * everyone in it (the viewer last) and its latest message; `unread` is true
 * when someone else wrote after the viewer last read it.
 */
import { presentUnavailableSummary, presentUserSummary, shownAsUnavailable } from '../users';
import type { PinWithRefs } from '../../kernel';
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

/** A sent Pin as a message shows it: enough for a small card linking to the Pin. */
function presentSentPin(p: PinWithRefs) {
  return {
    id: p.id,
    title: p.title,
    alt_text: p.alt_text || null,
    images: p.images,
    dominant_color: p.dominant_color,
    width: p.width,
    height: p.height,
  };
}

type SentPin = ReturnType<typeof presentSentPin>;

/**
 * A message as one viewer gets it. A message that carries a Pin has `pin`
 * when the viewer may see that Pin; when they may not (a secret board, a
 * block, a deleted board), `pin_id` and `pin` are null and `pin_unavailable`
 * is true, so nothing of the Pin reaches them. Messages without a Pin are
 * answered as they are.
 */
export type ViewerMessage = PresentedMessage & { pin?: SentPin | null; pin_unavailable?: boolean };

export function presentForViewer(m: PresentedMessage, visiblePins: ReadonlyMap<string, PinWithRefs>): ViewerMessage {
  if (!m.pin_id) return m;
  const pin = visiblePins.get(m.pin_id);
  return pin ? { ...m, pin: presentSentPin(pin), pin_unavailable: false } : { ...m, pin_id: null, pin: null, pin_unavailable: true };
}

export function presentConversation(c: ConversationRow, members: MemberRow[], viewerId: string) {
  const ordered = [...members].sort((a, b) => Number(a.id === viewerId) - Number(b.id === viewerId) || a.username.localeCompare(b.username));
  return {
    id: c.id,
    created_at: c.created_at.toISOString(),
    last_message_at: c.last_message_at.toISOString(),
    // A removed member stays in the conversation as an unavailable account: no name, picture or link (decision 045).
    members: ordered.map((m) => (shownAsUnavailable(m) ? presentUnavailableSummary(m.id) : presentUserSummary(m))),
    last_message:
      c.lm_id && c.lm_sender_id && c.lm_text !== null && c.lm_created_at
        ? presentMessage({ id: c.lm_id, conversation_id: c.id, sender_id: c.lm_sender_id, text: c.lm_text, pin_id: c.lm_pin_id, created_at: c.lm_created_at })
        : null,
    unread: c.unread,
  };
}

export interface ShareSuggestionRow {
  id: string;
  username: string;
  full_name: string;
  image_url: string | null;
}

/** A share suggestion (docs/product/logged-out-and-business.md §3). */
export function presentUserShareSuggestion(u: ShareSuggestionRow) {
  const { id, username, full_name, image_medium_url } = presentUserSummary(u);
  return { type: 'user_share_suggestion' as const, id, username, full_name, image_medium_url };
}

export function presentEmailShareSuggestion(email: string) {
  return { type: 'email' as const, email };
}
