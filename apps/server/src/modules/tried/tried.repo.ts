import type { Queryable } from '../../db/client';
import { visiblePinSql, selectVisiblePinsSql, type PinWithRefs } from '../../kernel';
import { profileContentVisibleSql } from '../users';
import { idBelowSql } from '../../lib/sql-text';

export const triedRepo = {
  async mark(db: Queryable, id: string, userId: string, pinId: string) {
    await db.query('INSERT INTO pin_tries (id, user_id, pin_id) VALUES ($1, $2, $3) ON CONFLICT (user_id, pin_id) DO NOTHING', [id, userId, pinId]);
  },

  async unmark(db: Queryable, userId: string, pinId: string) {
    await db.query('DELETE FROM pin_tries WHERE user_id = $1 AND pin_id = $2', [userId, pinId]);
  },

  async isTried(db: Queryable, userId: string, pinId: string) {
    return (await db.query('SELECT 1 FROM pin_tries WHERE user_id = $1 AND pin_id = $2', [userId, pinId])).length > 0;
  },

  /** How many people marked the Pin as tried. */
  async triedCount(db: Queryable, pinId: string) {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pin_tries WHERE pin_id = $1', [pinId]);
    return row?.n ?? 0;
  },

  /** Whether the person tried any Pin this viewer may see. */
  async hasVisibleTried(db: Queryable, viewerId: string | null, userId: string) {
    const rows = await db.query(
      `SELECT 1 FROM pin_tries t JOIN pins p ON p.id = t.pin_id LEFT JOIN boards b ON b.id = p.board_id
       WHERE t.user_id = $2 AND ${visiblePinSql('$1')} LIMIT 1`,
      [viewerId, userId],
    );
    return rows.length > 0;
  },

  /**
   * The person's tried Pins the viewer may see, most recently tried first;
   * keyset on the try's id. Nothing when the viewer may not see the person's
   * profile content (users.policy).
   */
  list(db: Queryable, viewerId: string | null, userId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs & { try_id: string }>(
      `SELECT vp.*, t.id AS try_id FROM pin_tries t
       JOIN LATERAL (${selectVisiblePinsSql()} AND p.id = t.pin_id) vp ON true
       WHERE t.user_id = $2 AND ${profileContentVisibleSql('$2::bigint', '$1::bigint')} AND ${idBelowSql('t.id', '$3')}
       ORDER BY t.id DESC LIMIT $4`,
      [viewerId, userId, before, limit],
    );
  },
};
