import type { Queryable } from '../../db/client';
import type { ImageVariant } from '../../kernel';

/** The users columns of partner profiles, badges and the cover (migration 0006). */
export interface PartnerColumns {
  id: string;
  is_partner: boolean;
  is_verified_merchant: boolean;
  is_identity_verified: boolean;
  contact_email: string;
  contact_phone: string;
  contact_phone_code: string;
  enable_profile_message: boolean;
  enable_profile_address: boolean;
  profile_place: string;
  cover_images: Record<string, ImageVariant> | null;
  cover_media_base: string | null;
  cover_dominant_color: string | null;
  inspirational_badges: string[];
  inspirational_badge_color: string;
  website_url: string;
  website_verified_url: string | null;
}

const COLUMNS = `id, is_partner, is_verified_merchant, is_identity_verified, contact_email, contact_phone, contact_phone_code,
  enable_profile_message, enable_profile_address, profile_place, cover_images, cover_media_base, cover_dominant_color,
  inspirational_badges, inspirational_badge_color, website_url, website_verified_url`;

export type PartnerFieldUpdate = Partial<
  Pick<PartnerColumns, 'contact_email' | 'contact_phone' | 'contact_phone_code' | 'enable_profile_message' | 'enable_profile_address' | 'profile_place'>
>;

export const partnerRepo = {
  async byId(db: Queryable, id: string) {
    const [row] = await db.query<PartnerColumns>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
    return row ?? null;
  },

  async update(db: Queryable, id: string, fields: PartnerFieldUpdate) {
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
    await db.query(`UPDATE users SET ${sets} WHERE id = $1`, [id, ...entries.map(([, v]) => v)]);
  },

  /** Sets (or with null clears) the cover; answers the media base it replaced. */
  async setCover(db: Queryable, id: string, cover: { images: Record<string, ImageVariant>; base: string; dominantColor: string } | null) {
    const [row] = await db.query<{ old_base: string | null }>(
      `UPDATE users u SET cover_images = $2::jsonb, cover_media_base = $3, cover_dominant_color = $4
       FROM (SELECT cover_media_base AS old_base FROM users WHERE id = $1) old
       WHERE u.id = $1 RETURNING old.old_base`,
      [id, cover ? JSON.stringify(cover.images) : null, cover?.base ?? null, cover?.dominantColor ?? null],
    );
    return row?.old_base ?? null;
  },

  async setPartner(db: Queryable, id: string, isPartner: boolean) {
    await db.query('UPDATE users SET is_partner = $2 WHERE id = $1', [id, isPartner]);
  },

  async setBadges(db: Queryable, id: string, badges: string[], color: string) {
    await db.query('UPDATE users SET inspirational_badges = $2, inspirational_badge_color = $3 WHERE id = $1', [id, badges, color]);
  },

  /** Adds views of partners' profiles and Pins to today's counts (nothing for other accounts), in one statement. */
  async addViews(db: Queryable, userIds: string[], counts: number[]) {
    await db.query(
      `INSERT INTO profile_view_days (user_id, day, views)
       SELECT u.id, current_date, v.n FROM unnest($1::bigint[], $2::int[]) AS v(id, n) JOIN users u ON u.id = v.id AND u.is_partner
       ON CONFLICT (user_id, day) DO UPDATE SET views = profile_view_days.views + EXCLUDED.views`,
      [userIds, counts],
    );
  },

  /** Views over the last 30 days, today included. */
  async monthlyViews(db: Queryable, userId: string) {
    const [row] = await db.query<{ n: number }>(
      `SELECT COALESCE(sum(views), 0)::int AS n FROM profile_view_days WHERE user_id = $1 AND day > current_date - 30`,
      [userId],
    );
    return row?.n ?? 0;
  },

  /** Whether a stored image is someone's profile cover (covers are public, like avatars). */
  async isCover(db: Queryable, mediaBase: string) {
    return (await db.query('SELECT 1 FROM users WHERE cover_media_base = $1 LIMIT 1', [mediaBase])).length > 0;
  },
};

/** The website claim's state on the person's row. */
export const websiteClaimRepo = {
  async state(db: Queryable, userId: string) {
    const [row] = await db.query<{ website_url: string; website_verify_code: string | null; website_verified_url: string | null }>(
      'SELECT website_url, website_verify_code, website_verified_url FROM users WHERE id = $1',
      [userId],
    );
    return row ?? null;
  },

  async setCode(db: Queryable, userId: string, code: string) {
    await db.query('UPDATE users SET website_verify_code = $2 WHERE id = $1', [userId, code]);
  },

  async setVerified(db: Queryable, userId: string, url: string) {
    await db.query('UPDATE users SET website_verified_url = $2 WHERE id = $1', [userId, url]);
  },
};
