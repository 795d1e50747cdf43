import type { Queryable } from '../../db/client';
import { accountRowInViewSql, profileContentVisibleSql, removedFollowsCountSql, type UserRow } from '../users';

export type FollowListRow = Pick<UserRow, 'id' | 'username' | 'full_name' | 'image_url'> & { followed_at: Date; follower_count: number };

export const followsRepo = {
  /** Answers whether the follow is new. */
  async follow(db: Queryable, followerId: string, followeeId: string) {
    const made = await db.query('INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', [followerId, followeeId]);
    return made.length > 0;
  },

  async unfollow(db: Queryable, followerId: string, followeeId: string) {
    await db.query('DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2', [followerId, followeeId]);
  },

  async followBoard(db: Queryable, userId: string, boardId: string) {
    await db.query('INSERT INTO board_follows (user_id, board_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, boardId]);
  },

  async unfollowBoard(db: Queryable, userId: string, boardId: string) {
    await db.query('DELETE FROM board_follows WHERE user_id = $1 AND board_id = $2', [userId, boardId]);
  },

  async follows(db: Queryable, followerId: string, followeeId: string) {
    return (await db.query('SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2', [followerId, followeeId])).length > 0;
  },

  async followerCount(db: Queryable, userId: string) {
    const [row] = await db.query<{ n: number }>(
      `SELECT (SELECT count(*)::int FROM follows WHERE followee_id = $1) - ${removedFollowsCountSql('$1', 'followers')} AS n`,
      [userId],
    );
    return row?.n ?? 0;
  },

  /**
   * Followers (direction 'followers') or followed people ('following') of a
   * user, newest first, keyset on (time, id); each person's follower count is
   * 0 unless the viewer may see their profile content (users.policy).
   */
  list(db: Queryable, viewerId: string | null, userId: string, direction: 'followers' | 'following', after: [string, string] | null, limit: number) {
    const [me, other] = direction === 'followers' ? ['followee_id', 'follower_id'] : ['follower_id', 'followee_id'];
    return db.query<FollowListRow>(
      `SELECT u.id, u.username, u.full_name, u.image_url, f.created_at AS followed_at,
         CASE WHEN ${profileContentVisibleSql('u.id', '$5::bigint')}
           THEN (SELECT count(*)::int FROM follows c WHERE c.followee_id = u.id) - ${removedFollowsCountSql('u.id', 'followers')} ELSE 0 END AS follower_count
       FROM follows f JOIN users u ON u.id = f.${other}
       WHERE f.${me} = $1 AND ${accountRowInViewSql('u')} AND ($2::timestamptz IS NULL OR (f.created_at, u.id) < ($2::timestamptz, $3::bigint))
       ORDER BY f.created_at DESC, u.id DESC LIMIT $4`,
      [userId, after?.[0] ?? null, after?.[1] ?? null, limit, viewerId],
    );
  },

  /** Which of these people the follower follows. */
  async followedAmong(db: Queryable, followerId: string, ids: string[]) {
    const rows = await db.query<{ followee_id: string }>('SELECT followee_id FROM follows WHERE follower_id = $1 AND followee_id = ANY($2::bigint[])', [
      followerId,
      ids,
    ]);
    return new Set(rows.map((r) => r.followee_id));
  },

  /** The person's invite code, set to `fresh` when they had none. */
  async inviteCodeOf(db: Queryable, userId: string, fresh: string) {
    const [row] = await db.query<{ invite_code: string }>('UPDATE users SET invite_code = COALESCE(invite_code, $2) WHERE id = $1 RETURNING invite_code', [
      userId,
      fresh,
    ]);
    return row!.invite_code;
  },

  /** Whose invite code this is. */
  async inviteCodeOwner(db: Queryable, code: string) {
    const [row] = await db.query<{ id: string; username: string }>('SELECT id, username FROM users WHERE invite_code = $1', [code]);
    return row ?? null;
  },
};
