/**
 * The domain events (decision 070): each name with its payload. An event with
 * `tx` is emitted inside the write's transaction (its listeners write through
 * `tx`); the others after the write committed. Add an event here, emit it
 * from the module that owns the write, subscribe its reactions in services.ts.
 */
import type { Queryable } from '../db/client';
import type { RemovableMedia } from '../kernel/pin-media';
import type { RequestContext } from '../lib/context';

type BoardPrivacy = 'public' | 'secret' | 'protected';

export interface DomainEvents {
  /** In the transaction: a board's privacy changed (ads pauses the campaigns promoting Pins of a board made secret). */
  'board.privacyChanged': { tx: Queryable; boardId: string; from: BoardPrivacy; to: BoardPrivacy };
  /** In the transaction: the owner turned collaborators' invites off (board-invites withdraws the ones collaborators sent). */
  'board.collaboratorInvitesClosed': { tx: Queryable; boardId: string; ownerId: string };
  /** In the transaction: a collaborator left or was removed (board-invites withdraws the invites they sent). */
  'board.collaboratorRemoved': { tx: Queryable; boardId: string; userId: string };
  /** After commit: boards past their restore window were deleted with their Pins (pins removes the media no Pin uses any more). */
  'board.purged': { boardIds: string[]; media: RemovableMedia[] };
  /** During a read: someone opened a Pin (partner counts a business's monthly views). */
  'pin.viewed': { ctx: RequestContext; pinnerId: string };
  /** After commit: moderation removed a person (auth ends their sessions). */
  'account.removed': { userId: string };
  /** After commit: these sessions ended (messages closes the live streams they hold, on every server). */
  'session.ended': { tokenHashes: string[] };
  /** After commit: someone newly followed a person (notifications tells them; decision 086). */
  'user.followed': { followerId: string; followeeId: string };
  /** After commit: a Pin was made, `savedFromPinId` when it is a save of another (notifications: pin_saved, group_board_pin). */
  'pin.created': { pinId: string; pinnerId: string; boardId: string | null; savedFromPinId: string | null };
  /** After commit: a comment was written (notifications: comment, comment_reply, mention). */
  'comment.created': { commentId: string; pinId: string; authorId: string; parentId: string | null; mentionedUserIds: string[] };
  /** After commit: people were invited to a board (notifications: board_invite). */
  'board.invited': { boardId: string; inviterId: string; inviteeIds: string[] };
  /** After commit: moderation decided about a person's content or account (notifications: moderation_decision). */
  'moderation.decided': { decisionId: string; userId: string; decision: string };
  /** A campaign's status changed without its owner's doing (notifications: campaign_status); the job checks it still holds. */
  'campaign.statusChanged': { campaigns: { id: string; ownerId: string }[]; status: 'started' | 'paused' | 'budget_spent' };
}
