import type { Queryable } from '../../db/client';

/** Pins their owner marked as a favourite (pin_favorites). */
export const favoritesRepo = {
  async add(db: Queryable, userId: string, pinId: string) {
    await db.query('INSERT INTO pin_favorites (user_id, pin_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, pinId]);
  },

  async remove(db: Queryable, userId: string, pinId: string) {
    await db.query('DELETE FROM pin_favorites WHERE user_id = $1 AND pin_id = $2', [userId, pinId]);
  },

  async isFavorite(db: Queryable, userId: string, pinId: string) {
    const rows = await db.query('SELECT 1 FROM pin_favorites WHERE user_id = $1 AND pin_id = $2', [userId, pinId]);
    return rows.length > 0;
  },
};
