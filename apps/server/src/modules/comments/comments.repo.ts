import type { Queryable } from '../../db/client';
import { visibleCommentSql } from '../../kernel/comments.policy';

export interface CommentRow {
  id: string;
  pin_id: string;
  parent_id: string | null;
  author_id: string;
  text: string;
  created_at: Date;
  heart_count: number;
  hearted_by_me: boolean;
  author_username: string;
  author_full_name: string;
  author_image_url: string | null;
}

/** A reply, with how many replies the viewer sees under its comment (the window's count). */
export interface ReplyRow extends CommentRow {
  reply_count: number;
}

/** The columns of a comment as the viewer `viewerParam` (an id or NULL) reads it, from `c` joined to its author `u`. */
const columns = (viewerParam: string) => `c.id, c.pin_id, c.parent_id, c.author_id, c.text, c.created_at, c.heart_count,
    (${viewerParam}::bigint IS NOT NULL AND EXISTS (SELECT 1 FROM pin_comment_hearts h WHERE h.comment_id = c.id AND h.user_id = ${viewerParam}::bigint)) AS hearted_by_me,
    u.username AS author_username, u.full_name AS author_full_name, u.image_url AS author_image_url`;
const FROM = 'FROM pin_comments c JOIN users u ON u.id = c.author_id JOIN pins p ON p.id = c.pin_id';

/**
 * Comments on Pins (pin_comments) and their hearts (pin_comment_hearts). Each Pin's comment_count and each
 * comment's heart_count are kept by the tables' triggers (migrations 0017, 0048).
 */
export const commentsRepo = {
  /** A page of a Pin's top-level comments the viewer may see, newest first, after the cursor's id. */
  async list(db: Queryable, pinId: string, viewerId: string | null, beforeId: string | null, limit: number) {
    return db.query<CommentRow>(
      `SELECT ${columns('$2')} ${FROM}
       WHERE c.pin_id = $1 AND c.parent_id IS NULL AND ($3::bigint IS NULL OR c.id < $3::bigint) AND ${visibleCommentSql('$2', 'p.pinner_id')}
       ORDER BY c.id DESC LIMIT $4`,
      [pinId, viewerId, beforeId, limit],
    );
  },

  /** The first `inline` replies the viewer sees under each of the comments, oldest first, each with the count of them all. */
  async firstReplies(db: Queryable, parentIds: string[], viewerId: string | null, inline: number) {
    if (parentIds.length === 0) return [];
    return db.query<ReplyRow>(
      `SELECT * FROM (
         SELECT ${columns('$2')}, (count(*) OVER w)::int AS reply_count, row_number() OVER (w ORDER BY c.id) AS at ${FROM}
         WHERE c.parent_id = ANY($1::bigint[]) AND ${visibleCommentSql('$2', 'p.pinner_id')}
         WINDOW w AS (PARTITION BY c.parent_id)
       ) r WHERE r.at <= $3 ORDER BY r.id`,
      [parentIds, viewerId, inline],
    );
  },

  /** A page of one comment's replies the viewer sees, oldest first, after the cursor's id. */
  async replies(db: Queryable, parentId: string, viewerId: string | null, afterId: string | null, limit: number) {
    return db.query<CommentRow>(
      `SELECT ${columns('$2')} ${FROM}
       WHERE c.parent_id = $1 AND ($3::bigint IS NULL OR c.id > $3::bigint) AND ${visibleCommentSql('$2', 'p.pinner_id')}
       ORDER BY c.id LIMIT $4`,
      [parentId, viewerId, afterId, limit],
    );
  },

  async byId(db: Queryable, id: string, viewerId: string | null) {
    const [row] = await db.query<CommentRow>(`SELECT ${columns('$2')} ${FROM} WHERE c.id = $1`, [id, viewerId]);
    return row ?? null;
  },

  /** The comment if the viewer may see it (its Pin's visibility is checked by the caller). */
  async visibleById(db: Queryable, id: string, viewerId: string | null) {
    const [row] = await db.query<CommentRow>(`SELECT ${columns('$2')} ${FROM} WHERE c.id = $1 AND ${visibleCommentSql('$2', 'p.pinner_id')}`, [id, viewerId]);
    return row ?? null;
  },

  async insert(db: Queryable, c: { id: string; pinId: string; parentId: string | null; authorId: string; text: string }) {
    await db.query('INSERT INTO pin_comments (id, pin_id, parent_id, author_id, text) VALUES ($1, $2, $3, $4, $5)', [
      c.id,
      c.pinId,
      c.parentId,
      c.authorId,
      c.text,
    ]);
  },

  /** Deletes the comment, and with it its replies and hearts (the cascades of migration 0048). */
  async delete(db: Queryable, id: string) {
    await db.query('DELETE FROM pin_comments WHERE id = $1', [id]);
  },

  /** A heart, once (a second is nothing); answers the comment's count after it. */
  async heart(db: Queryable, commentId: string, userId: string, on: boolean) {
    if (on) await db.query('INSERT INTO pin_comment_hearts (comment_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [commentId, userId]);
    else await db.query('DELETE FROM pin_comment_hearts WHERE comment_id = $1 AND user_id = $2', [commentId, userId]);
    const [row] = await db.query<{ heart_count: number }>('SELECT heart_count FROM pin_comments WHERE id = $1', [commentId]);
    return row?.heart_count ?? 0;
  },

  /** What a moderation decision about the comment needs (decision 057), whatever its state. */
  async moderationFacts(db: Queryable, id: string) {
    const [row] = await db.query<{ id: string; pin_id: string; author_id: string; text: string; moderation: string | null }>(
      'SELECT id, pin_id, author_id, text, moderation FROM pin_comments WHERE id = $1',
      [id],
    );
    return row ?? null;
  },

  async setModeration(db: Queryable, id: string, state: 'removed' | 'restricted' | null) {
    await db.query('UPDATE pin_comments SET moderation = $2 WHERE id = $1', [id, state]);
  },
};
