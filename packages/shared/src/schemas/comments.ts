/**
 * Comments on Pins (docs/product/api-contract.md §8, §9): PinCommentsResource get (a Pin's
 * top-level comments, or with `parent_id` one comment's replies), PinCommentResource create
 * (with `parent_id`, a reply) and delete, PinCommentReactionResource create and delete (a
 * heart), PinCommentReportResource create, UserSettingsResource get and update
 * (`comments_default_off`), and the comment as the API answers it (decision 090).
 */
import { z } from 'zod';
import { MESSAGES } from '../constants/messages';
import { interpolate } from '../text/interpolate';
import { zId, zReadExtras } from './common';
import { zOwnerRef } from './entities';

/** A comment's length in characters (code points, as the database counts them), docs/product/api-contract.md §8. */
const COMMENT_MIN = 1;
export const COMMENT_MAX = 500;

/** The length a person sees: code points, so an emoji is one character. */
export const commentLength = (text: string) => Array.from(text).length;

const zCommentText = z
  .string()
  .trim()
  .min(COMMENT_MIN, 'Write something first.')
  .refine((text) => commentLength(text) <= COMMENT_MAX, interpolate(MESSAGES.board.tooLong, { maxLength: COMMENT_MAX }));

/** How many of a comment's replies come inline with it in a Pin's list (oldest first); the rest by `parent_id` (decision 090). */
export const REPLIES_INLINE = 3;

/** Without `parent_id`: the Pin's top-level comments, newest first. With it: that comment's replies, oldest first. */
export const zPinComments = z.strictObject({ pin_id: zId, parent_id: zId.optional(), ...zReadExtras });
/** With `parent_id`, a reply: to a reply, it is filed under that reply's top-level comment (one level, decision 090). */
export const zCreateComment = z.strictObject({ pin_id: zId, text: zCommentText, parent_id: zId.optional() });
/** A heart on a comment (PinCommentReactionResource create and delete). */
export const zCommentReaction = z.strictObject({ comment_id: zId });
export const zDeleteComment = z.strictObject({ comment_id: zId });
export const zReportComment = z.strictObject({
  comment_id: zId,
  reason: z.string().trim().min(1, 'Choose a reason for the report.').max(100),
  details: z.string().trim().max(2000).optional(),
});

export const zUserSettings = z.strictObject({});
export const zUpdateUserSettings = z.strictObject({ comments_default_off: z.boolean() });

/** The settings UserSettingsResource reads and writes. */
export const zUserSettingsOut = z.strictObject({ comments_default_off: z.boolean() });
export type TUserSettingsOut = z.infer<typeof zUserSettingsOut>;

const commentFields = {
  id: z.string(),
  type: z.literal('pincomment'),
  pin_id: z.string(),
  /** The top-level comment a reply answers; null for a top-level comment. */
  parent_id: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
  user: zOwnerRef,
  /** The @usernames in `text` that name someone, as written: each links to that profile. */
  mentions: z.array(z.strictObject({ username: z.string(), id: z.string() })),
  /** The viewer may delete it: its author, or the Pin's owner. */
  can_delete: z.boolean(),
  /** The same, as every item's abilities are named (decision 080). */
  can: z.strictObject({ delete: z.boolean() }),
  /** How many people hearted it. */
  heart_count: z.number().int().nonnegative(),
  /** The viewer hearted it (false signed out). */
  hearted_by_me: z.boolean(),
};

/** A reply, as it comes inline under its comment. */
const zPinCommentReplyOut = z.strictObject(commentFields);
export type TPinCommentReplyOut = z.infer<typeof zPinCommentReplyOut>;

export const zPinCommentOut = z.strictObject({
  ...commentFields,
  /** The replies the viewer sees (0 for a reply). */
  reply_count: z.number().int().nonnegative(),
  /** The first REPLIES_INLINE of them, oldest first ([] for a reply, and in a list of replies). */
  replies: z.array(zPinCommentReplyOut),
});
export type TPinCommentOut = z.infer<typeof zPinCommentOut>;

/** PinCommentReactionResource create and delete: the comment's hearts after the change. */
export const zCommentReactionOut = z.strictObject({ comment_id: z.string(), heart_count: z.number().int().nonnegative(), hearted_by_me: z.boolean() });
