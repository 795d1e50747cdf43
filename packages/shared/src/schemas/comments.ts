/**
 * Comments on Pins (docs/product/api-contract.md §8): PinCommentsResource get, PinCommentResource
 * create and delete, PinCommentReportResource create, UserSettingsResource get and
 * update (`comments_default_off`), and the comment as the API answers it.
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

export const zPinComments = z.strictObject({ pin_id: zId, ...zReadExtras });
export const zCreateComment = z.strictObject({ pin_id: zId, text: zCommentText });
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

export const zPinCommentOut = z.strictObject({
  id: z.string(),
  type: z.literal('pincomment'),
  pin_id: z.string(),
  text: z.string(),
  created_at: z.string(),
  user: zOwnerRef,
  /** The @usernames in `text` that name someone, as written: each links to that profile. */
  mentions: z.array(z.strictObject({ username: z.string(), id: z.string() })),
  /** The viewer may delete it: its author, or the Pin's owner. */
  can_delete: z.boolean(),
  /** The same, as every item's abilities are named (decision 080). */
  can: z.strictObject({ delete: z.boolean() }),
});
export type TPinCommentOut = z.infer<typeof zPinCommentOut>;
