import type { Queryable } from '../../db/client';

export interface BoardRow {
  id: string;
  owner_id: string;
  name: string;
  slug: string;
  description: string;
  privacy: 'public' | 'secret' | 'protected';
  category: string;
  cover_pin_id: string | null;
  is_collaborative: boolean;
  collab_board_email: boolean;
  collaborator_invites_enabled: boolean;
  allow_homefeed_recommendations: boolean;
  pin_count: number;
  section_count: number;
  archived_at: Date | null;
  deleted_at: Date | null;
  last_pinned_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface BoardWithOwner extends BoardRow {
  owner_username: string;
  owner_full_name: string;
  owner_image_url: string | null;
  is_collaborator: boolean;
  cover_images: Record<string, { url: string; width: number; height: number }> | null;
  cover_dominant_color: string | null;
}

const SELECT_WITH_OWNER = `
  SELECT b.*, u.username AS owner_username, u.full_name AS owner_full_name, u.image_url AS owner_image_url,
    EXISTS (SELECT 1 FROM board_collaborators bc WHERE bc.board_id = b.id AND bc.user_id = $1) AS is_collaborator,
    cp.images AS cover_images, cp.dominant_color AS cover_dominant_color
  FROM boards b
  JOIN users u ON u.id = b.owner_id
  LEFT JOIN LATERAL (
    SELECT p.images, p.dominant_color FROM pins p
    WHERE p.id = b.cover_pin_id OR (b.cover_pin_id IS NULL AND p.board_id = b.id)
    ORDER BY (p.id = b.cover_pin_id) DESC, p.id DESC LIMIT 1
  ) cp ON true`;

export const boardsRepo = {
  async insert(
    db: Queryable,
    b: Pick<BoardRow, 'id' | 'owner_id' | 'name' | 'slug' | 'description' | 'privacy' | 'category' | 'collab_board_email' | 'collaborator_invites_enabled'>,
  ): Promise<BoardRow> {
    const [row] = await db.query<BoardRow>(
      `INSERT INTO boards (id, owner_id, name, slug, description, privacy, category, collab_board_email, collaborator_invites_enabled)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [b.id, b.owner_id, b.name, b.slug, b.description, b.privacy, b.category, b.collab_board_email, b.collaborator_invites_enabled],
    );
    return row!;
  },

  async byId(db: Queryable, id: string, viewerId: string | null) {
    const [row] = await db.query<BoardWithOwner>(`${SELECT_WITH_OWNER} WHERE b.id = $2 AND b.deleted_at IS NULL`, [viewerId, id]);
    return row ?? null;
  },

  async bySlug(db: Queryable, username: string, slug: string, viewerId: string | null) {
    const [row] = await db.query<BoardWithOwner>(
      `${SELECT_WITH_OWNER} WHERE lower(u.username) = lower($2) AND b.slug = $3 AND b.deleted_at IS NULL`,
      [viewerId, username, slug],
    );
    return row ?? null;
  },

  async slugsLike(db: Queryable, ownerId: string, base: string) {
    const rows = await db.query<{ slug: string }>(
      `SELECT slug FROM boards WHERE owner_id = $1 AND deleted_at IS NULL AND (slug = $2 OR slug LIKE $2 || '-%')`,
      [ownerId, base],
    );
    return new Set(rows.map((r) => r.slug));
  },

  /** A user's boards that the viewer may see, newest first, keyset-paged by id. */
  async listForOwner(
    db: Queryable,
    ownerId: string,
    viewerId: string | null,
    opts: { includeProtected: boolean; before: string | null; limit: number },
  ) {
    return db.query<BoardWithOwner>(
      `${SELECT_WITH_OWNER}
       WHERE b.owner_id = $2 AND b.deleted_at IS NULL
         AND (b.privacy <> 'secret' OR b.owner_id = $1
              OR EXISTS (SELECT 1 FROM board_collaborators bc WHERE bc.board_id = b.id AND bc.user_id = $1))
         AND ($3 OR b.privacy <> 'protected')
         AND ($4::bigint IS NULL OR b.id < $4::bigint)
       ORDER BY b.id DESC LIMIT $5`,
      [viewerId, ownerId, opts.includeProtected, opts.before, opts.limit],
    );
  },

  async addToPinCount(db: Queryable, boardId: string, delta: number) {
    await db.query(
      `UPDATE boards SET pin_count = pin_count + $2,
         last_pinned_at = CASE WHEN $2 > 0 THEN now() ELSE last_pinned_at END, updated_at = now()
       WHERE id = $1`,
      [boardId, delta],
    );
  },
};
