import type { Queryable } from '../../db/client';

/** Pins a person hid from their home feed (pin_hides). */
export const pinHidesRepo = {
  async add(db: Queryable, userId: string, pinId: string) {
    await db.query('INSERT INTO pin_hides (user_id, pin_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, pinId]);
  },

  async remove(db: Queryable, userId: string, pinId: string) {
    await db.query('DELETE FROM pin_hides WHERE user_id = $1 AND pin_id = $2', [userId, pinId]);
  },
};

/** SQL condition: the Pin `pinAlias` is not hidden by the user `userParam` (a placeholder such as $1). */
export function notHiddenSql(pinAlias: string, userParam: string) {
  return `NOT EXISTS (SELECT 1 FROM pin_hides h WHERE h.user_id = ${userParam}::bigint AND h.pin_id = ${pinAlias}.id)`;
}
