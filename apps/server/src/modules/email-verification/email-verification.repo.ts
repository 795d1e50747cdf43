import type { Queryable } from '../../db/client';
import { hashToken } from '../../lib/tokens';

export interface VerificationTokenRow {
  user_id: string;
  /** The address the link was sent to. */
  email: string;
  /** The account's address now. */
  user_email: string;
  email_verified: boolean;
  expired: boolean;
  used: boolean;
}

export const emailVerificationRepo = {
  async insertToken(db: Queryable, token: string, userId: string, email: string, ttlDays: number) {
    await db.query(
      `INSERT INTO email_verification_tokens (token_hash, user_id, email, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
      [hashToken(token), userId, email, ttlDays],
    );
  },

  /** The link's token with its account, or null when no such link was issued. */
  async byToken(db: Queryable, token: string) {
    const [row] = await db.query<VerificationTokenRow>(
      `SELECT t.user_id, t.email, u.email AS user_email, u.email_verified,
              t.expires_at <= now() AS expired, t.used_at IS NOT NULL AS used
       FROM email_verification_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = $1`,
      [hashToken(token)],
    );
    return row ?? null;
  },

  /** Marks the account verified and every link it was sent as used. */
  async markVerified(db: Queryable, userId: string) {
    await db.query('UPDATE users SET email_verified = true WHERE id = $1', [userId]);
    await db.query('UPDATE email_verification_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  },

  /** Removes links that expired more than `keepDays` ago; until then an old link still answers "expired" rather than "not valid". */
  async deleteStale(db: Queryable, keepDays: number) {
    const rows = await db.query('DELETE FROM email_verification_tokens WHERE expires_at < now() - make_interval(days => $1) RETURNING 1', [keepDays]);
    return rows.length;
  },
};
