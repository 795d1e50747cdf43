import type { Queryable } from '../../db/client';
import { blockBetweenRowSql, type Block } from '../../kernel/blocks.policy';

export const blocksRepo = {
  /** A block between the two, either way (the viewer's own first when both blocked), or null: blocks.policy's door. */
  async between(db: Queryable, a: string, b: string): Promise<Block | null> {
    const [row] = await db.query<{ blocker_id: string; blocked_id: string }>(blockBetweenRowSql('$1', '$2'), [a, b]);
    return row ? { blockerId: row.blocker_id, blockedId: row.blocked_id } : null;
  },

  async block(db: Queryable, blockerId: string, blockedId: string) {
    await db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [blockerId, blockedId]);
    // A block cuts following both ways.
    await db.query('DELETE FROM follows WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id = $1)', [blockerId, blockedId]);
    // And board follows both ways: neither follows a board of the other's any more (decision 089); unblocking brings none back.
    await db.query(
      `DELETE FROM board_follows bf USING boards b
       WHERE b.id = bf.board_id AND ((b.owner_id = $1 AND bf.user_id = $2) OR (b.owner_id = $2 AND bf.user_id = $1))`,
      [blockerId, blockedId],
    );
    // It ends board collaboration both ways (each on the other's boards), for good: unblocking brings none back.
    const ended = await db.query<{ board_id: string }>(
      `DELETE FROM board_collaborators bc USING boards b
       WHERE b.id = bc.board_id AND ((b.owner_id = $1 AND bc.user_id = $2) OR (b.owner_id = $2 AND bc.user_id = $1))
       RETURNING bc.board_id`,
      [blockerId, blockedId],
    );
    if (ended.length > 0) {
      await db.query(
        'UPDATE boards b SET is_collaborative = EXISTS (SELECT 1 FROM board_collaborators bc WHERE bc.board_id = b.id) WHERE b.id = ANY($1::bigint[])',
        [ended.map((r) => r.board_id)],
      );
    }
    // And the pending invites between them: to one, on the other's board or sent by the other; by user and by email to their address.
    await db.query(
      `DELETE FROM board_invites bi USING boards b
       WHERE b.id = bi.board_id
         AND ((bi.invited_user_id = $2 AND (b.owner_id = $1 OR bi.invited_by_user_id = $1))
           OR (bi.invited_user_id = $1 AND (b.owner_id = $2 OR bi.invited_by_user_id = $2)))`,
      [blockerId, blockedId],
    );
    await db.query(
      `DELETE FROM board_email_invites ei USING boards b, users u
       WHERE b.id = ei.board_id AND ei.used_at IS NULL AND u.id IN ($1, $2) AND lower(ei.email) = lower(u.email)
         AND (CASE WHEN u.id = $1 THEN $2 ELSE $1 END) IN (b.owner_id, ei.invited_by_user_id)`,
      [blockerId, blockedId],
    );
  },

  async unblock(db: Queryable, blockerId: string, blockedId: string) {
    await db.query('DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2', [blockerId, blockedId]);
  },
};
