import type { Queryable } from '../../db/client';
import { visibleCommentSql } from '../../kernel/comments.policy';

export interface CommentRow {
  id: string;
  pin_id: string;
  author_id: string;
  text: string;
  created_at: Date;
  author_username: string;
  author_full_name: string;
  author_image_url: string | null;
}

const SELECT = `SELECT c.id, c.pin_id, c.author_id, c.text, c.created_at,
    u.username AS author_username, u.full_name AS author_full_name, u.image_url AS author_image_url
  FROM pin_comments c JOIN users u ON u.id = c.author_id JOIN pins p ON p.id = c.pin_id`;

/** Comments on Pins (pin_comments). Each Pin's comment_count is kept by the table's trigger (migration 0017). */
export const commentsRepo = {
  /** A page of a Pin's comments the viewer may see, newest first, after the cursor's id. */
  async list(db: Queryable, pinId: string, viewerId: string | null, beforeId: string | null, limit: number) {
    return db.query<CommentRow>(
      `${SELECT}
       WHERE c.pin_id = $1 AND ($3::bigint IS NULL OR c.id < $3::bigint) AND ${visibleCommentSql('$2', 'p.pinner_id')}
       ORDER BY c.id DESC LIMIT $4`,
      [pinId, viewerId, beforeId, limit],
    );
  },

  async byId(db: Queryable, id: string) {
    const [row] = await db.query<CommentRow>(`${SELECT} WHERE c.id = $1`, [id]);
    return row ?? null;
  },

  /** The comment if the viewer may see it (its Pin's visibility is checked by the caller). */
  async visibleById(db: Queryable, id: string, viewerId: string) {
    const [row] = await db.query<CommentRow>(`${SELECT} WHERE c.id = $1 AND ${visibleCommentSql('$2', 'p.pinner_id')}`, [id, viewerId]);
    return row ?? null;
  },

  async insert(db: Queryable, c: { id: string; pinId: string; authorId: string; text: string }) {
    await db.query('INSERT INTO pin_comments (id, pin_id, author_id, text) VALUES ($1, $2, $3, $4)', [c.id, c.pinId, c.authorId, c.text]);
  },

  async delete(db: Queryable, id: string) {
    await db.query('DELETE FROM pin_comments WHERE id = $1', [id]);
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
