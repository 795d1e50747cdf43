import { z } from 'zod';
import { isValidEmail } from '../text/email';
import { zId, zReadExtras } from './common';

/** Most people invited in one call, by user id and by email together (ours: the spec gives no value). */
const BOARD_INVITES_PER_CALL_MAX = 20;
/** Most people offered by the invite people search (ours). */
const BOARD_INVITE_SUGGESTIONS_MAX = 20;

/** Board invite statuses (docs/product/profiles-and-boards.md §3). `accepted` stands for a collaborator. */
const zBoardInviteStatus = z.enum(['new', 'accepted', 'contact_request_not_approved']);

/**
 * BoardInvitesResource get (docs/product/profiles-and-boards.md §7): the viewer's own pending
 * invites (`current_user`), or a board's collaborators and invites.
 */
export const zGetBoardInvites = z.union([
  z.strictObject({ current_user: z.literal(true), ...zReadExtras }),
  z.strictObject({
    board_id: zId,
    status: z.array(zBoardInviteStatus).min(1).max(3).optional(),
    sort: z.literal('viewer_first').optional(),
    include_inactive: z.boolean().optional(),
    current_user: z.literal(false).optional(),
    ...zReadExtras,
  }),
]);
export type TGetBoardInvites = z.infer<typeof zGetBoardInvites>;

/** The viewer's pending invite to one board, by id or by its address. */
export const zGetBoardInvite = z.union([
  z.strictObject({ board_id: zId }),
  z.strictObject({ username: z.string().min(1).max(64), slug: z.string().min(1).max(200) }),
]);

/** An address to invite, compared and stored lower-cased. */
const zInviteEmail = z.string().trim().toLowerCase().max(254, 'emails: an email address has at most 254 characters.');

/**
 * Collaborator invites after creation (docs/product/profiles-and-boards.md §6, §7): a board id
 * with user ids, with emails, or both; at most BOARD_INVITES_PER_CALL_MAX
 * people in all.
 */
export const zCreateBoardInvites = z
  .strictObject({
    board_id: zId,
    invited_user_ids: z
      .array(zId)
      .max(BOARD_INVITES_PER_CALL_MAX, `invited_user_ids: invite at most ${BOARD_INVITES_PER_CALL_MAX} people at once.`)
      .refine((ids) => new Set(ids).size === ids.length, 'invited_user_ids: name each person only once.')
      .optional(),
    emails: z
      .array(zInviteEmail)
      .max(BOARD_INVITES_PER_CALL_MAX, `emails: invite at most ${BOARD_INVITES_PER_CALL_MAX} people at once.`)
      .superRefine((emails, ctx) => {
        emails.forEach((email, i) => {
          if (!isValidEmail(email)) ctx.addIssue({ code: 'custom', path: [i], message: `emails: ${email || 'an empty entry'} is not a valid email address.` });
        });
        if (new Set(emails).size !== emails.length) ctx.addIssue({ code: 'custom', message: 'emails: name each address only once.' });
      })
      .optional(),
  })
  .superRefine((o, ctx) => {
    const ids = o.invited_user_ids?.length ?? 0;
    const emails = o.emails?.length ?? 0;
    if (ids + emails === 0) ctx.addIssue({ code: 'custom', path: ['invited_user_ids'], message: 'invited_user_ids: choose someone to invite.' });
    if (ids + emails > BOARD_INVITES_PER_CALL_MAX) {
      ctx.addIssue({ code: 'custom', path: ['emails'], message: `emails: invite at most ${BOARD_INVITES_PER_CALL_MAX} people at once.` });
    }
  });
export type TCreateBoardInvites = z.infer<typeof zCreateBoardInvites>;

/** The invitee accepts their invite. */
export const zAcceptBoardInvite = z.strictObject({ board_id: zId, status: z.literal('accepted') });

/**
 * The invitee declines (no user_id, or their own); the owner or the inviter
 * cancels someone's invite, by user id or, for an invite by email that no
 * account has taken up yet, by its address.
 */
export const zDeleteBoardInvite = z
  .strictObject({ board_id: zId, user_id: zId.optional(), email: zInviteEmail.optional() })
  .refine((o) => !(o.user_id && o.email), { path: ['email'], message: 'email: give a user_id or an email, not both.' });

/** A mailed invite link's token (decision 013). */
const zInviteToken = z.string().min(1).max(256);

/** The public read of a mailed invite link: what the login prompt needs. */
export const zGetBoardInviteToken = z.strictObject({ token: zInviteToken });

/**
 * Redeeming a mailed invite link, signed in: it becomes the viewer's pending
 * invite; with `seamless` (after the invite's login prompt) it is accepted too.
 */
export const zRedeemBoardInviteToken = z.strictObject({ token: zInviteToken, seamless: z.boolean().optional() });

/** People the viewer could invite to a board: matching the query, else those they follow. */
export const zGetBoardInviteSuggestions = z.strictObject({
  board_id: zId,
  query: z.string().trim().max(100).optional(),
  page_size: z.coerce.number().int().min(1).max(BOARD_INVITE_SUGGESTIONS_MAX).optional(),
  field_set_key: z.string().max(64).optional(),
});
