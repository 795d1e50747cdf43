import type { Queryable } from '../../db/client';

export const blocksRepo = {
  async eitherBlocked(db: Queryable, a: string, b: string) {
    const rows = await db.query(
      'SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1) LIMIT 1',
      [a, b],
    );
    return rows.length > 0;
  },

  async block(db: Queryable, blockerId: string, blockedId: string) {
    await db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [blockerId, blockedId]);
    // A block cuts following both ways.
    await db.query(
      'DELETE FROM follows WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id = $1)',
      [blockerId, blockedId],
    );
  },

  async unblock(db: Queryable, blockerId: string, blockedId: string) {
    await db.query('DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2', [blockerId, blockedId]);
  },
};
