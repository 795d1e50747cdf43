/**
 * Options of the messaging resources (docs/product/profiles-and-boards.md §2, §5, §7;
 * docs/product/logged-out-and-business.md §3), named by the contract (decision 080).
 */
import { MESSAGES } from '../constants/messages';
import { zId, zReadExtras } from './common';
import { interpolate } from '../text/interpolate';
import { z } from 'zod';

/** Longest message text, after trimming (ours: the spec gives no value). */
const MESSAGE_TEXT_MAX = 2000;
/** Most people one can start a conversation with at once, the sender not counted (ours). */
const CONVERSATION_RECIPIENTS_MAX = 20;
const SHARE_SUGGESTIONS_MAX = 20;
export const SHARE_SUGGESTIONS_DEFAULT = 10;
const SHARE_QUERY_MAX = 100;

/** docs/product/profiles-and-boards.md §5: Send is disabled when the text is empty or whitespace only; the server answers the same with this text (ours). */
const EMPTY_MESSAGE_TEXT = 'Say something first.';

/**
 * A message's text when it may be left out: a sent Pin speaks for itself, so
 * with pin_id the text is optional (empty when missing); without it, the text
 * is required (`textOrPin`).
 */
const zOptionalMessageText = z
  .string()
  .trim()
  .max(MESSAGE_TEXT_MAX, interpolate(MESSAGES.board.tooLong, { maxLength: MESSAGE_TEXT_MAX }))
  .optional();

function textOrPin(o: { text?: string | undefined; pin_id?: string | undefined }, ctx: z.RefinementCtx) {
  if (!o.pin_id && !o.text) ctx.addIssue({ code: 'custom', path: ['text'], message: EMPTY_MESSAGE_TEXT });
}

export const zCreateConversation = z
  .strictObject({
    user_ids: z
      .array(zId)
      .min(1, 'user_ids: choose someone to message.')
      .max(CONVERSATION_RECIPIENTS_MAX, `user_ids: a conversation takes at most ${CONVERSATION_RECIPIENTS_MAX} people besides you.`)
      .refine((ids) => new Set(ids).size === ids.length, 'user_ids: name each person only once.'),
    text: zOptionalMessageText,
    pin_id: zId.optional(),
  })
  .superRefine(textOrPin);
export type TCreateConversation = z.infer<typeof zCreateConversation>;

/** The inbox: the viewer's conversations, newest activity first. */
export const zGetConversations = z.strictObject({ ...zReadExtras });

export const zGetConversation = z.strictObject({ conversation_id: zId, field_set_key: z.string().max(64).optional() });

/**
 * One conversation's messages. Without since_id: the newest page, newest
 * first, and `bookmark` goes back in time. With since_id: the messages after
 * it, oldest first, and `bookmark` goes forward (live updates without a reload).
 */
export const zGetMessages = z.strictObject({ conversation_id: zId, since_id: zId.optional(), ...zReadExtras });

export const zCreateMessage = z.strictObject({ conversation_id: zId, text: zOptionalMessageText, pin_id: zId.optional() }).superRefine(textOrPin);
export type TCreateMessage = z.infer<typeof zCreateMessage>;

export const zGetShareSuggestions = z.strictObject({
  field_set_key: z.string().max(64).optional(),
  hide_group_conversations: z.boolean().optional(),
  query: z.string().max(SHARE_QUERY_MAX).optional(),
  page_size: z.coerce.number().int().min(1).max(SHARE_SUGGESTIONS_MAX).optional(),
});
export type TGetShareSuggestions = z.infer<typeof zGetShareSuggestions>;
