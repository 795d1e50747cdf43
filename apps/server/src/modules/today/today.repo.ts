import type { Queryable } from '../../db/client';
import { selectVisiblePinsSql, type PinWithRefs } from '../../kernel';
import { seenByViewerPinSql } from '../topics';

export interface ArticleRow {
  id: string;
  kind: 'shop' | 'trending' | 'best' | 'article';
  slug: string;
  title: string;
  body: string;
  author_id: string | null;
  author_username: string | null;
  author_full_name: string | null;
  created_at: Date;
  updated_at: Date;
}

const SELECT_ARTICLE = `
  SELECT a.*, u.username AS author_username, u.full_name AS author_full_name
  FROM today_articles a LEFT JOIN users u ON u.id = a.author_id`;

export const todayRepo = {
  async byId(db: Queryable, id: string) {
    const [row] = await db.query<ArticleRow>(`${SELECT_ARTICLE} WHERE a.id = $1`, [id]);
    return row ?? null;
  },

  /** Newest first, keyset on id. */
  latest(db: Queryable, before: string | null, limit: number) {
    return db.query<ArticleRow>(`${SELECT_ARTICLE} WHERE a.id < COALESCE($1::bigint, 9223372036854775807) ORDER BY a.id DESC LIMIT $2`, [before, limit]);
  },

  /** The article's Pins the viewer may see, in the article's order; at most `limit`. */
  pins(db: Queryable, viewerId: string | null, articleId: string, limit: number) {
    return db.query<PinWithRefs>(
      `SELECT v.* FROM today_article_pins ap
         CROSS JOIN LATERAL (${selectVisiblePinsSql()} AND p.id = ap.pin_id AND ${seenByViewerPinSql('$1')}) v
       WHERE ap.article_id = $2 ORDER BY ap.position LIMIT $3`,
      [viewerId, articleId, limit],
    );
  },

  /** Of these Pin ids, the ones the viewer may see. */
  async seenPinIds(db: Queryable, viewerId: string, ids: string[]) {
    const rows = await db.query<{ id: string }>(
      `SELECT p.id FROM pins p LEFT JOIN boards b ON b.id = p.board_id WHERE p.id = ANY($2::bigint[]) AND ${seenByViewerPinSql('$1')}`,
      [viewerId, ids],
    );
    return new Set(rows.map((r) => r.id));
  },

  async insert(db: Queryable, a: { id: string; kind: string; slug: string; title: string; body: string; authorId: string }) {
    await db.query('INSERT INTO today_articles (id, kind, slug, title, body, author_id) VALUES ($1, $2, $3, $4, $5, $6)', [
      a.id,
      a.kind,
      a.slug,
      a.title,
      a.body,
      a.authorId,
    ]);
  },

  async update(db: Queryable, id: string, a: { kind?: string | undefined; slug?: string | undefined; title?: string | undefined; body?: string | undefined }) {
    await db.query(
      `UPDATE today_articles SET kind = COALESCE($2, kind), slug = COALESCE($3, slug), title = COALESCE($4, title),
         body = COALESCE($5, body), updated_at = now() WHERE id = $1`,
      [id, a.kind ?? null, a.slug ?? null, a.title ?? null, a.body ?? null],
    );
  },

  async setPins(db: Queryable, id: string, pinIds: string[]) {
    await db.query('DELETE FROM today_article_pins WHERE article_id = $1', [id]);
    if (pinIds.length > 0) {
      await db.query(
        'INSERT INTO today_article_pins (article_id, pin_id, position) SELECT $1, pin_id, ord FROM unnest($2::bigint[]) WITH ORDINALITY AS u(pin_id, ord)',
        [id, pinIds],
      );
    }
  },

  async remove(db: Queryable, id: string) {
    await db.query('DELETE FROM today_articles WHERE id = $1', [id]);
  },
};
