import type { Queryable } from '../../db/client';
import { hashToken } from '../../lib/tokens';
import { pendingInviteInViewSql } from '../board-invites';

/** A mailed invite link found by its token, with what redeeming and the login prompt need. */
export interface EmailInviteTokenRow {
  id: string;
  board_id: string;
  owner_id: string;
  invited_by_user_id: string;
  invited_by_first_name: string;
  board_name: string;
  expired: boolean;
  used: boolean;
}

/** A pending (unused, unexpired) invite by email. */
export interface PendingEmailInviteRow {
  id: string;
  invited_by_user_id: string;
}

/** Unused and not expired: a link that still works. */
const LIVE = 'ei.used_at IS NULL AND ei.expires_at > now()';

export const boardEmailInvitesRepo = {
  /** Which of these addresses already have a working link to the board. */
  async pendingEmails(db: Queryable, boardId: string, emails: string[]) {
    if (emails.length === 0) return new Set<string>();
    const rows = await db.query<{ email: string }>(
      `SELECT ei.email FROM board_email_invites ei WHERE ei.board_id = $1 AND ei.email = ANY($2::text[]) AND ${LIVE}`,
      [boardId, emails],
    );
    return new Set(rows.map((r) => r.email));
  },

  /** Stores a link (only its token's hash), first clearing expired unused links to the same address. */
  async insert(tx: Queryable, invite: { id: string; board_id: string; invited_by_user_id: string; email: string; token: string; ttlDays: number }) {
    await tx.query('DELETE FROM board_email_invites WHERE board_id = $1 AND email = $2 AND used_at IS NULL AND expires_at <= now()', [
      invite.board_id,
      invite.email,
    ]);
    await tx.query(
      `INSERT INTO board_email_invites (id, board_id, invited_by_user_id, email, token_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6))`,
      [invite.id, invite.board_id, invite.invited_by_user_id, invite.email, hashToken(invite.token), invite.ttlDays],
    );
  },

  async deleteByIds(db: Queryable, ids: string[]) {
    if (ids.length > 0) await db.query('DELETE FROM board_email_invites WHERE id = ANY($1::bigint[])', [ids]);
  },

  /**
   * The link with this token, on a board that is not deleted, while neither the board's owner nor its sender
   * is removed (decision 045); null otherwise, and when no such link was issued.
   */
  async byToken(db: Queryable, token: string) {
    const [row] = await db.query<EmailInviteTokenRow>(
      `SELECT ei.id, ei.board_id, b.owner_id, ei.invited_by_user_id, ib.first_name AS invited_by_first_name, b.name AS board_name,
              ei.expires_at <= now() AS expired, ei.used_at IS NOT NULL AS used
       FROM board_email_invites ei
       JOIN boards b ON b.id = ei.board_id AND b.deleted_at IS NULL
       JOIN users ib ON ib.id = ei.invited_by_user_id
       WHERE ei.token_hash = $1 AND ${pendingInviteInViewSql('b.owner_id', 'ei.invited_by_user_id')}`,
      [hashToken(token)],
    );
    return row ?? null;
  },

  /** Marks a link used by this person; false when someone used it first. */
  async markUsed(tx: Queryable, id: string, userId: string) {
    const rows = await tx.query('UPDATE board_email_invites SET used_at = now(), redeemed_by_user_id = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [
      id,
      userId,
    ]);
    return rows.length > 0;
  },

  /** Removes links that expired more than `keepDays` ago, used or not; until then an old link still answers 'Invalid Invite' from its row. */
  async deleteStale(db: Queryable, keepDays: number) {
    const rows = await db.query('DELETE FROM board_email_invites WHERE expires_at < now() - make_interval(days => $1) RETURNING 1', [keepDays]);
    return rows.length;
  },

  /** The working link to this address (the ones the collaborators list shows). */
  async pendingByEmail(db: Queryable, boardId: string, email: string) {
    const [row] = await db.query<PendingEmailInviteRow>(
      `SELECT ei.id, ei.invited_by_user_id FROM board_email_invites ei
       WHERE ei.board_id = $1 AND ei.email = $2 AND ${LIVE}`,
      [boardId, email],
    );
    return row ?? null;
  },
};

/**
 * The SQL of a board's pending invites by email for the collaborators list
 * (board id in $1): the working links.
 */
export const PENDING_EMAIL_INVITES_SQL = `
  SELECT ei.id, ei.board_id, NULL::bigint AS user_id, ei.email, 'new' AS status, ei.created_at, ei.invited_by_user_id
  FROM board_email_invites ei
  WHERE ei.board_id = $1 AND ${LIVE}`;
