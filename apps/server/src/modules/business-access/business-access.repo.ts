import type { BusinessPermission } from '@pinboard/shared/schemas/business';
import type { Queryable } from '../../db/client';
import { hashToken } from '../../lib/tokens';
import type { AccountModeration } from '../users';
import { businessInForceSql } from './business-access.policy';

export interface AccountRow {
  id: string;
  username: string;
  full_name: string;
  image_url: string | null;
  is_partner: boolean;
  is_verified_merchant: boolean;
  moderation: AccountModeration;
}

export interface GrantRow extends AccountRow {
  permissions: BusinessPermission[];
  granted_at: Date;
}

const ACCOUNT_COLUMNS = 'u.id, u.username, u.full_name, u.image_url, u.is_partner, u.is_verified_merchant, u.moderation';

export const businessAccessRepo = {
  async account(db: Queryable, id: string): Promise<AccountRow | null> {
    const [row] = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
    return row ?? null;
  },

  async accountByUsername(db: Queryable, username: string): Promise<AccountRow | null> {
    const [row] = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM users u WHERE lower(u.username) = lower($1)`, [username]);
    return row ?? null;
  },

  /** The permissions a person holds on a business by grant (none: empty; none either while the business is removed). */
  async permissionsOf(db: Queryable, userId: string, businessId: string): Promise<BusinessPermission[]> {
    const [row] = await db.query<{ permissions: BusinessPermission[] }>(
      `SELECT a.permissions FROM business_access a JOIN users u ON u.id = a.business_id
       WHERE a.user_id = $1 AND a.business_id = $2 AND ${businessInForceSql('u')}`,
      [userId, businessId],
    );
    return row?.permissions ?? [];
  },

  /** The businesses a person may act for (not removed ones), by name, with what they hold on each. */
  async businessesOf(db: Queryable, userId: string): Promise<GrantRow[]> {
    return db.query<GrantRow>(
      `SELECT ${ACCOUNT_COLUMNS}, a.permissions, a.created_at AS granted_at
       FROM business_access a JOIN users u ON u.id = a.business_id
       WHERE a.user_id = $1 AND ${businessInForceSql('u')} ORDER BY lower(u.full_name), u.id`,
      [userId],
    );
  },

  /** The people a business has given access to, by name. */
  async membersOf(db: Queryable, businessId: string): Promise<GrantRow[]> {
    return db.query<GrantRow>(
      `SELECT ${ACCOUNT_COLUMNS}, a.permissions, a.created_at AS granted_at
       FROM business_access a JOIN users u ON u.id = a.user_id
       WHERE a.business_id = $1 ORDER BY a.created_at, u.id`,
      [businessId],
    );
  },

  async grant(db: Queryable, businessId: string, userId: string, permissions: BusinessPermission[], grantedBy: string) {
    await db.query(
      `INSERT INTO business_access (business_id, user_id, permissions, granted_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (business_id, user_id) DO UPDATE SET permissions = EXCLUDED.permissions, granted_by = EXCLUDED.granted_by`,
      [businessId, userId, permissions, grantedBy],
    );
  },

  async revoke(db: Queryable, businessId: string, userId: string): Promise<boolean> {
    const rows = await db.query('DELETE FROM business_access WHERE business_id = $1 AND user_id = $2 RETURNING 1', [businessId, userId]);
    return rows.length > 0;
  },

  /** Keeps the business a session acts as (null: the person themself) with the session of `token`, if it is the person's. */
  async setSessionActing(db: Queryable, token: string, userId: string, businessId: string | null) {
    await db.query('UPDATE sessions SET acting_as = $3 WHERE token_hash = $1 AND user_id = $2 AND acting_as IS DISTINCT FROM $3', [
      hashToken(token),
      userId,
      businessId,
    ]);
  },

  /** Ends acting as a business in every session of a person (their right to act for it ended). */
  async clearActingFor(db: Queryable, userId: string, businessId: string) {
    await db.query('UPDATE sessions SET acting_as = NULL WHERE user_id = $1 AND acting_as = $2', [userId, businessId]);
  },

  async audit(db: Queryable, row: { id: string; businessId: string; actorId: string; action: string; targetId: string | null }) {
    await db.query('INSERT INTO business_audit (id, business_id, actor_id, action, target_id) VALUES ($1, $2, $3, $4, $5)', [
      row.id,
      row.businessId,
      row.actorId,
      row.action,
      row.targetId,
    ]);
  },

  async auditOf(db: Queryable, businessId: string, limit: number) {
    return db.query<{ id: string; actor_id: string | null; actor_username: string | null; action: string; target_id: string | null; created_at: Date }>(
      `SELECT a.id, a.actor_id, u.username AS actor_username, a.action, a.target_id, a.created_at
       FROM business_audit a LEFT JOIN users u ON u.id = a.actor_id
       WHERE a.business_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT $2`,
      [businessId, limit],
    );
  },
};
