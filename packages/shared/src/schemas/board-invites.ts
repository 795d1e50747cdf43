import { z } from 'zod';
import { zId, zReadExtras } from './common';

/** Most people invited in one call (ours: the spec gives no value). */
export const BOARD_INVITES_PER_CALL_MAX = 20;
/** Most people offered by the invite people search (ours). */
export const BOARD_INVITE_SUGGESTIONS_MAX = 20;

/** Board invite statuses (profiles-and-boards §3). `accepted` stands for a collaborator. */
export const zBoardInviteStatus = z.enum(['new', 'accepted', 'contact_request_not_approved']);
export type BoardInviteStatus = z.infer<typeof zBoardInviteStatus>;

/**
 * BoardInvitesResource get (profiles-and-boards §7): the viewer's own pending
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

/** Collaborator invites after creation: a board id with user ids (profiles-and-boards §6, §7). */
export const zCreateBoardInvites = z.strictObject({
  board_id: zId,
  invited_user_ids: z
    .array(zId)
    .min(1, 'invited_user_ids: choose someone to invite.')
    .max(BOARD_INVITES_PER_CALL_MAX, `invited_user_ids: invite at most ${BOARD_INVITES_PER_CALL_MAX} people at once.`)
    .refine((ids) => new Set(ids).size === ids.length, 'invited_user_ids: name each person only once.'),
});

/** The invitee accepts their invite. */
export const zAcceptBoardInvite = z.strictObject({ board_id: zId, status: z.literal('accepted') });

/** The invitee declines (no user_id, or their own); the owner or the inviter cancels someone's invite. */
export const zDeleteBoardInvite = z.strictObject({ board_id: zId, user_id: zId.optional() });

/** People the viewer could invite to a board: matching the query, else those they follow. */
export const zGetBoardInviteSuggestions = z.strictObject({
  board_id: zId,
  query: z.string().trim().max(100).optional(),
  page_size: z.coerce.number().int().min(1).max(BOARD_INVITE_SUGGESTIONS_MAX).optional(),
  field_set_key: z.string().max(64).optional(),
});
