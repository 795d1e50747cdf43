import type { Queryable } from '../../db/client';
import { hashToken, newToken } from '../../lib/tokens';
import { maySignInSql } from '../users';

/** Only the hash of a session token is stored, so a leaked table opens no session. */
export const newSessionToken = newToken;

export const sessionsRepo = {
  async insert(db: Queryable, token: string, userId: string, ttlDays: number) {
    await db.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`, [
      hashToken(token),
      userId,
      ttlDays,
    ]);
  },

  /** The viewer of a live session, and when the session ends (ms since the epoch). */
  async sessionOf(db: Queryable, token: string) {
    const [row] = await db.query<{ id: string; username: string; country: string; locale: string; actingAs: string | null; expires_ms: string }>(
      `SELECT u.id, u.username, u.country, u.locale, s.acting_as AS "actingAs", (extract(epoch FROM s.expires_at) * 1000)::bigint AS expires_ms
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.expires_at > now() AND ${maySignInSql('u')}`,
      [hashToken(token)],
    );
    if (!row) return null;
    const { expires_ms, ...viewer } = row;
    return { viewer, expiresAt: Number(expires_ms) };
  },

  /** Ends one session; answers the hashes ended (none when it had already ended). */
  async delete(db: Queryable, token: string): Promise<string[]> {
    const rows = await db.query<{ token_hash: string }>('DELETE FROM sessions WHERE token_hash = $1 RETURNING token_hash', [hashToken(token)]);
    return rows.map((r) => r.token_hash);
  },

  /** Ends every session of the account; answers their hashes. */
  async deleteAllFor(db: Queryable, userId: string): Promise<string[]> {
    const rows = await db.query<{ token_hash: string }>('DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash', [userId]);
    return rows.map((r) => r.token_hash);
  },

  /** Ends every session of the account but the one of `keepToken`; answers their hashes. */
  async deleteOthersFor(db: Queryable, userId: string, keepToken: string): Promise<string[]> {
    const rows = await db.query<{ token_hash: string }>('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING token_hash', [
      userId,
      hashToken(keepToken),
    ]);
    return rows.map((r) => r.token_hash);
  },

  /** Forgets sessions past their expiry (they already open nothing); answers how many. */
  async purgeExpired(db: Queryable): Promise<number> {
    const rows = await db.query('DELETE FROM sessions WHERE expires_at <= now() RETURNING 1');
    return rows.length;
  },
};
