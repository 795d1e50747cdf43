/**
 * Who is told what (decision 086), in two forms that say the same thing: a
 * function over loaded facts and SQL conditions for the reads. The rules:
 *
 * - Nobody is told about their own act; nobody across a block, either way;
 *   nobody about a removed person's act.
 * - Nobody is told about a Pin, board or comment they may not see (boards.policy's
 *   rule: a secret board's Pins reach its owner and collaborators only), nor about
 *   a protected board or a Pin on it unless it is listed to them (its owner and
 *   collaborators: listedBoardSql); a board invite names the board to the person
 *   invited while the invite is pending.
 * - A kind whose `app` channel is off is neither made nor shown.
 * - The same rules apply again whenever notifications are read (the list, the
 *   count, the weekly digest): an actor blocked later, a board made secret later,
 *   a Pin deleted since leave the notification out of the list and the count; an
 *   aggregate shows and counts only the actors still in view.
 */
import type { NotificationChannel, NotificationKind } from '@pinboard/shared/schemas/notifications';
import { NOTIFICATION_KINDS } from '@pinboard/shared/schemas/notifications';
import { notBlockedSql } from '../../kernel/blocks.policy';
import { listedBoardSql, visibleBoardSql, visiblePinSql } from '../../kernel/boards.policy';
import { visibleCommentSql } from '../../kernel/comments.policy';
import { accountInViewSql } from '../../kernel/users.policy';

/** Kinds made by what someone did (their actors are listed); the others come from the system. */
const ACTOR_KINDS: readonly NotificationKind[] = ['follow', 'pin_saved', 'comment', 'comment_reply', 'mention', 'board_invite', 'group_board_pin'];
/** Kinds mailed at once (when their email is on); the others go in the weekly digest. */
export const INSTANT_EMAIL_KINDS: readonly NotificationKind[] = ['board_invite', 'moderation_decision', 'export_done'];
export const DIGEST_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS.filter((k) => !INSTANT_EMAIL_KINDS.includes(k));

export type ChannelChoices = Record<NotificationChannel, boolean>;

/** The defaults (decision 086): every kind on in the app and for push; email on for the instant kinds and the digest's. */
export function defaultChoices(kind: NotificationKind): ChannelChoices {
  return { app: true, email: INSTANT_EMAIL_KINDS.includes(kind) || DIGEST_KINDS.includes(kind), push: true };
}

/** SQL: the stored choice of channel `channel` for the row `s` (a LEFT JOIN of notification_settings), else the kind's default. */
export function channelOnSql(channel: NotificationChannel, settingsAlias: string, kindExpr: string) {
  const defaults = NOTIFICATION_KINDS.filter((k) => defaultChoices(k)[channel]);
  const byDefault = defaults.length === 0 ? 'false' : `${kindExpr} IN (${defaults.map((k) => `'${k}'`).join(', ')})`;
  return `COALESCE(${settingsAlias}.${channel}, ${byDefault})`;
}

/** The loaded facts of one notification (or one about to be made) as its recipient would read it. */
interface NotificationFacts {
  kind: NotificationKind;
  recipientId: string;
  /** The actors still in view of the recipient (visibleActorSql); for an actorless kind, ignored. */
  visibleActorCount: number;
  /** null when the notification names no Pin (board, comment). */
  pinVisible: boolean | null;
  boardVisible: boolean | null;
  commentVisible: boolean | null;
  appOn: boolean;
}

/** The function form of visibleNotificationSql. */
export function canSeeNotification(f: NotificationFacts): boolean {
  if (!f.appOn) return false;
  if (ACTOR_KINDS.includes(f.kind) && f.visibleActorCount === 0) return false;
  return f.pinVisible !== false && f.boardVisible !== false && f.commentVisible !== false;
}

/** SQL: the actor `actorExpr` may be named to `recipientExpr`: not themselves, no block either way, not a removed person. */
export function visibleActorSql(recipientExpr: string, actorExpr: string) {
  return `(${actorExpr} <> ${recipientExpr} AND ${notBlockedSql(actorExpr, recipientExpr)} AND ${accountInViewSql(actorExpr)})`;
}

/**
 * SQL: the Pin `pinExpr` (an id, or NULL: true) is visible to the recipient, and its board may be named to them
 * (listedBoardSql: a protected board's Pins are seen by link, but nothing reveals them to anyone but its people).
 */
export function pinInViewSql(recipientExpr: string, pinExpr: string) {
  return `(${pinExpr} IS NULL OR EXISTS (SELECT 1 FROM pins p LEFT JOIN boards b ON b.id = p.board_id
    WHERE p.id = ${pinExpr} AND ${visiblePinSql(recipientExpr, 'p', 'b')} AND (p.board_id IS NULL OR ${listedBoardSql(recipientExpr, 'b')})))`;
}

/** SQL: the board `boardExpr` (an id) may be named to the recipient: they may see it and it is listed to them (not someone else's protected board). */
export function boardNamedSql(recipientExpr: string, boardExpr: string) {
  return `EXISTS (SELECT 1 FROM boards b WHERE b.id = ${boardExpr} AND ${visibleBoardSql(recipientExpr, 'b')} AND ${listedBoardSql(recipientExpr, 'b')})`;
}

/**
 * SQL: the notification about the board `boardExpr` (or NULL: true) may be shown: the board may be named to the
 * recipient, or, for a board invite, the recipient's invite to it is pending and the board is not deleted (the
 * answer then leaves the board's id out while boardNamedSql says no: a secret or protected board is not revealed).
 */
export function boardInViewSql(recipientExpr: string, boardExpr: string, kindExpr: string) {
  return `(${boardExpr} IS NULL OR ${boardNamedSql(recipientExpr, boardExpr)}
    OR (${kindExpr} = 'board_invite' AND EXISTS (SELECT 1 FROM boards ib WHERE ib.id = ${boardExpr} AND ib.deleted_at IS NULL AND ib.moderation IS NULL
      AND EXISTS (SELECT 1 FROM board_invites nbi WHERE nbi.board_id = ib.id AND nbi.invited_user_id = ${recipientExpr}))))`;
}

/** SQL: the comment `commentExpr` (or NULL: true) is visible to the recipient, with its Pin. */
export function commentInViewSql(recipientExpr: string, commentExpr: string) {
  return `(${commentExpr} IS NULL OR EXISTS (SELECT 1 FROM pin_comments c JOIN pins cp ON cp.id = c.pin_id LEFT JOIN boards cb ON cb.id = cp.board_id
    WHERE c.id = ${commentExpr} AND ${visiblePinSql(recipientExpr, 'cp', 'cb')} AND ${visibleCommentSql(recipientExpr, 'cp.pinner_id', 'c')}))`;
}

/** SQL: some actor of the notification `alias` may still be named to its recipient, or the kind has no actors. */
function actorsInViewSql(alias: string) {
  return `(${alias}.kind NOT IN (${ACTOR_KINDS.map((k) => `'${k}'`).join(', ')}) OR EXISTS (SELECT 1 FROM notification_actors va
    WHERE va.notification_id = ${alias}.id AND ${visibleActorSql(`${alias}.recipient_id`, 'va.actor_id')}))`;
}

/**
 * SQL: the notification `alias` is shown to its recipient (the list, the count, the digest): its kind on for the
 * app (`settingsAlias`: notification_settings LEFT JOINed on recipient and kind), an actor still in view, what it
 * names still visible.
 */
export function visibleNotificationSql(alias = 'n', settingsAlias = 'ns') {
  const r = `${alias}.recipient_id`;
  return `(${channelOnSql('app', settingsAlias, `${alias}.kind`)} AND ${actorsInViewSql(alias)}
    AND ${pinInViewSql(r, `${alias}.pin_id`)} AND ${boardInViewSql(r, `${alias}.board_id`, `${alias}.kind`)} AND ${commentInViewSql(r, `${alias}.comment_id`)})`;
}
