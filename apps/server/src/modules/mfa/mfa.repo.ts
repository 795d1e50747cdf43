import type { Queryable } from '../../db/client';

export interface MfaRow {
  user_id: string;
  secret: string;
  enabled_at: Date | null;
  last_step: string | null;
}

export const mfaRepo = {
  async byUser(db: Queryable, userId: string): Promise<MfaRow | null> {
    const [row] = await db.query<MfaRow>('SELECT user_id, secret, enabled_at, last_step FROM user_mfa WHERE user_id = $1', [userId]);
    return row ?? null;
  },

  /** Starts (or restarts) an enrolment: a new secret, not yet enabled. Never replaces an enabled one. */
  async startEnrolment(db: Queryable, userId: string, secret: string): Promise<boolean> {
    const rows = await db.query(
      `INSERT INTO user_mfa (user_id, secret) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = NULL, created_at = now()
         WHERE user_mfa.enabled_at IS NULL
       RETURNING 1`,
      [userId, secret],
    );
    return rows.length > 0;
  },

  /**
   * Takes a time step: only one later than the last accepted, in one statement,
   * so the same code (or an older one) is never accepted twice, even by two requests at once.
   */
  async takeStep(db: Queryable, userId: string, step: number): Promise<boolean> {
    const rows = await db.query('UPDATE user_mfa SET last_step = $2 WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING 1', [userId, step]);
    return rows.length > 0;
  },

  async enable(db: Queryable, userId: string, codeHashes: string[]) {
    await db.query('UPDATE user_mfa SET enabled_at = now() WHERE user_id = $1', [userId]);
    await db.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [userId]);
    await db.query('INSERT INTO mfa_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [userId, codeHashes]);
  },

  async disable(db: Queryable, userId: string) {
    await db.query('DELETE FROM user_mfa WHERE user_id = $1', [userId]);
    await db.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [userId]);
  },

  /** Uses a recovery code once: answers whether it was unused (and now is used). */
  async useRecoveryCode(db: Queryable, userId: string, codeHash: string): Promise<boolean> {
    const rows = await db.query('UPDATE mfa_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1', [
      userId,
      codeHash,
    ]);
    return rows.length > 0;
  },

  async recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM mfa_recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
    return row?.n ?? 0;
  },

  /** Which of these people have two-factor sign-in on. */
  async enabledAmong(db: Queryable, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await db.query<{ user_id: string }>('SELECT user_id FROM user_mfa WHERE user_id = ANY($1::bigint[]) AND enabled_at IS NOT NULL', [userIds]);
    return new Set(rows.map((r) => r.user_id));
  },
};
