/** The SQL of the exports module (decision 096): the exports table, and the reads of one's own content an export holds. */
import type { Queryable } from '../../db/client';
import { EXPORT_LIFETIME_DAYS, followedBoardSql, followedPersonSql, ownBoardSql, ownCommentSql, ownPinSql } from './exports.policy';

type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ExportRow {
  id: string;
  user_id: string;
  status: ExportStatus;
  object_key: string | null;
  size_bytes: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date | null;
}

const COLUMNS = `id::text AS id, user_id::text AS user_id, status, object_key, size_bytes::text AS size_bytes, created_at, finished_at, expires_at`;

export interface ProfileRow {
  username: string;
  full_name: string;
  about: string;
  location: string;
  website_url: string;
  pronouns: string[];
  locale: string;
  created_at: Date;
  image_url: string | null;
}

export interface BoardRow {
  id: string;
  name: string;
  description: string;
  privacy: 'public' | 'secret' | 'protected';
  category: string;
  archived: boolean;
  created_at: Date;
  sections: { id: string; title: string; position: number; created_at: string }[];
}

export interface PinRow {
  id: string;
  board_id: string | null;
  section_id: string | null;
  title: string;
  description: string;
  link: string;
  alt_text: string;
  created_at: Date;
  media_base: string;
  orig: { url: string; width: number; height: number } | null;
}

export interface CommentRow {
  id: string;
  pin_id: string;
  parent_id: string | null;
  text: string;
  created_at: Date;
}

export const exportsRepo = {
  /** A new export, queued; null when the person has one queued or running already (the partial unique index). */
  async create(db: Queryable, id: string, userId: string): Promise<ExportRow | null> {
    const rows = await db.query<ExportRow>(
      `INSERT INTO exports (id, user_id) VALUES ($1, $2)
       ON CONFLICT (user_id) WHERE status IN ('queued', 'running') DO NOTHING
       RETURNING ${COLUMNS}`,
      [id, userId],
    );
    return rows[0] ?? null;
  },

  /** The person's export that is queued or running, if any. */
  async openOf(db: Queryable, userId: string): Promise<ExportRow | null> {
    const rows = await db.query<ExportRow>(`SELECT ${COLUMNS} FROM exports WHERE user_id = $1 AND status IN ('queued', 'running')`, [userId]);
    return rows[0] ?? null;
  },

  async byId(db: Queryable, id: string): Promise<ExportRow | null> {
    const rows = await db.query<ExportRow>(`SELECT ${COLUMNS} FROM exports WHERE id = $1`, [id]);
    return rows[0] ?? null;
  },

  /** The person's newest exports. */
  async listOf(db: Queryable, userId: string, limit: number): Promise<ExportRow[]> {
    return db.query<ExportRow>(`SELECT ${COLUMNS} FROM exports WHERE user_id = $1 ORDER BY id DESC LIMIT $2`, [userId, limit]);
  },

  /** Marks a queued (or, on a retry, running) export running; null when it is done, failed or gone. */
  async start(db: Queryable, id: string): Promise<ExportRow | null> {
    const rows = await db.query<ExportRow>(`UPDATE exports SET status = 'running' WHERE id = $1 AND status IN ('queued', 'running') RETURNING ${COLUMNS}`, [
      id,
    ]);
    return rows[0] ?? null;
  },

  /** Done: its file, its size, and the end of its download's days. */
  async finish(db: Queryable, id: string, objectKey: string, size: number): Promise<ExportRow | null> {
    const rows = await db.query<ExportRow>(
      `UPDATE exports SET status = 'done', object_key = $2, size_bytes = $3, finished_at = now(),
              expires_at = now() + make_interval(days => $4)
        WHERE id = $1 AND status = 'running' RETURNING ${COLUMNS}`,
      [id, objectKey, size, EXPORT_LIFETIME_DAYS],
    );
    return rows[0] ?? null;
  },

  /** The person's open export older than `seconds` failed: its job died with every server that ran it. */
  async failStale(db: Queryable, userId: string, seconds: number) {
    await db.query(
      `UPDATE exports SET status = 'failed', finished_at = now()
        WHERE user_id = $1 AND status IN ('queued', 'running') AND created_at < now() - make_interval(secs => $2)`,
      [userId, seconds],
    );
  },

  async fail(db: Queryable, id: string) {
    await db.query(`UPDATE exports SET status = 'failed', finished_at = now() WHERE id = $1 AND status IN ('queued', 'running')`, [id]);
  },

  /** Expired exports whose file is still kept (housekeeping deletes the files and forgets the keys). */
  async expiredWithFiles(db: Queryable, limit: number): Promise<{ id: string; object_key: string }[]> {
    return db.query(
      `SELECT id::text AS id, object_key FROM exports WHERE status = 'done' AND expires_at <= now() AND object_key <> '' ORDER BY expires_at LIMIT $1`,
      [limit],
    );
  },

  /** The file is deleted: the row stays (the settings page shows it expired) with an empty key. */
  async forgetFiles(db: Queryable, ids: string[]) {
    await db.query(`UPDATE exports SET object_key = '' WHERE id = ANY($1::bigint[])`, [ids]);
  },

  async profile(db: Queryable, userId: string): Promise<ProfileRow | null> {
    const rows = await db.query<ProfileRow>(
      `SELECT username, full_name, about, location, website_url, pronouns, locale, created_at, image_url FROM users WHERE id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  },

  /** One's own boards, oldest first, each with its sections in their order. */
  async boards(db: Queryable, userId: string): Promise<BoardRow[]> {
    return db.query<BoardRow>(
      `SELECT b.id::text AS id, b.name, b.description, b.privacy, b.category, b.archived_at IS NOT NULL AS archived, b.created_at,
              COALESCE((SELECT json_agg(json_build_object('id', s.id::text, 'title', s.title, 'position', s.position, 'created_at', s.created_at)
                                        ORDER BY s.position, s.id)
                          FROM board_sections s WHERE s.board_id = b.id), '[]'::json) AS sections
         FROM boards b WHERE ${ownBoardSql('$1::bigint')} ORDER BY b.id`,
      [userId],
    );
  },

  /** One's own Pins, oldest first: on one's profile or one's own boards. */
  async pins(db: Queryable, userId: string): Promise<PinRow[]> {
    return db.query<PinRow>(
      `SELECT p.id::text AS id, p.board_id::text AS board_id, p.section_id::text AS section_id, p.title, p.description, p.link,
              p.alt_text, p.created_at, p.media_base, p.images->'orig' AS orig
         FROM pins p LEFT JOIN boards b ON b.id = p.board_id
        WHERE ${ownPinSql('$1::bigint')} ORDER BY p.id`,
      [userId],
    );
  },

  /** One's own comments on Pins one may still see, oldest first. */
  async comments(db: Queryable, userId: string): Promise<CommentRow[]> {
    return db.query<CommentRow>(
      `SELECT c.id::text AS id, c.pin_id::text AS pin_id, c.parent_id::text AS parent_id, c.text, c.created_at
         FROM pin_comments c JOIN pins p ON p.id = c.pin_id LEFT JOIN boards b ON b.id = p.board_id
        WHERE ${ownCommentSql('$1::bigint')} ORDER BY c.id`,
      [userId],
    );
  },

  async followedPeople(db: Queryable, userId: string): Promise<{ username: string; created_at: Date }[]> {
    return db.query(
      `SELECT u.username, f.created_at FROM follows f JOIN users u ON u.id = f.followee_id
        WHERE f.follower_id = $1 AND ${followedPersonSql('$1::bigint', 'f.followee_id')} ORDER BY f.created_at, u.id`,
      [userId],
    );
  },

  async followedBoards(db: Queryable, userId: string): Promise<{ owner_username: string; name: string; slug: string; created_at: Date }[]> {
    return db.query(
      `SELECT u.username AS owner_username, fb.name, fb.slug, f.created_at
         FROM board_follows f JOIN boards fb ON fb.id = f.board_id JOIN users u ON u.id = fb.owner_id
        WHERE f.user_id = $1 AND ${followedBoardSql('$1::bigint')} ORDER BY f.created_at, fb.id`,
      [userId],
    );
  },
};
