import type { RemovableMedia } from '../../kernel/pin-media';
import type { Queryable } from '../../db/client';
import { archivedBoardSql, profileBoardSql, countedPinSql } from '../../kernel/boards.policy';
import { boardById, boardBySlug, selectBoardWithOwnerSql, type BoardRow, type BoardWithOwner } from '../../kernel/boards.repo';

// The board row and its read are the kernel's (decision 081); the module's own code keeps reading them from here.
export type { BoardWithOwner } from '../../kernel/boards.repo';

export type BoardSort = 'alphabetical' | 'custom' | 'last_pinned_to';

export interface BoardListOptions {
  sort: BoardSort;
  only: 'all' | 'secret' | 'archived' | 'group';
  privacy?: 'public' | 'protected' | 'secret' | undefined;
  after: [string, string] | null;
  limit: number;
}

/** Each order with its keyset key (the ORDER BY columns, ending in the id). */
export const BOARD_SORTS: Record<
  BoardSort,
  { key: string; keyType: string; order: string; direction: 'ASC' | 'DESC'; cursor: (b: BoardRow) => [string, string] }
> = {
  alphabetical: {
    key: 'lower(b.name), b.id',
    keyType: 'text',
    order: 'lower(b.name) ASC, b.id ASC',
    direction: 'ASC',
    cursor: (b) => [b.name.toLowerCase(), b.id],
  },
  custom: { key: 'b.position, b.id', keyType: 'int', order: 'b.position ASC, b.id ASC', direction: 'ASC', cursor: (b) => [String(b.position), b.id] },
  last_pinned_to: {
    key: 'COALESCE(b.last_pinned_at, b.created_at), b.id',
    keyType: 'timestamptz',
    order: 'COALESCE(b.last_pinned_at, b.created_at) DESC, b.id DESC',
    direction: 'DESC',
    cursor: (b) => [(b.last_pinned_at ?? b.created_at).toISOString(), b.id],
  },
};

type UpdatableColumn =
  | 'name'
  | 'slug'
  | 'description'
  | 'privacy'
  | 'category'
  | 'collab_board_email'
  | 'collaborator_invites_enabled'
  | 'allow_homefeed_recommendations'
  | 'is_sensitive'
  | 'cover_pin_id'
  | 'archived_at'
  | 'deleted_at'
  | 'position'
  | 'is_collaborative';

export const boardsRepo = {
  async insert(
    db: Queryable,
    b: Pick<BoardRow, 'id' | 'owner_id' | 'name' | 'slug' | 'description' | 'privacy' | 'category' | 'collab_board_email' | 'collaborator_invites_enabled'> & {
      is_ads_only?: boolean;
    },
  ): Promise<BoardRow> {
    const [row] = await db.query<BoardRow>(
      `INSERT INTO boards (id, owner_id, name, slug, description, privacy, category, collab_board_email, collaborator_invites_enabled, is_ads_only)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      [b.id, b.owner_id, b.name, b.slug, b.description, b.privacy, b.category, b.collab_board_email, b.collaborator_invites_enabled, b.is_ads_only ?? false],
    );
    return row!;
  },

  byId: boardById,
  bySlug: boardBySlug,

  async nameTaken(db: Queryable, ownerId: string, name: string, exceptBoardId?: string) {
    const rows = await db.query(
      `SELECT 1 FROM boards WHERE owner_id = $1 AND lower(name) = lower($2) AND deleted_at IS NULL
         AND ($3::bigint IS NULL OR id <> $3::bigint) LIMIT 1`,
      [ownerId, name, exceptBoardId ?? null],
    );
    return rows.length > 0;
  },

  async slugsLike(db: Queryable, ownerId: string, base: string, exceptBoardId?: string) {
    const rows = await db.query<{ slug: string }>(
      `SELECT slug FROM boards WHERE owner_id = $1 AND deleted_at IS NULL AND (slug = $2 OR slug LIKE $2 || '-%')
         AND ($3::bigint IS NULL OR id <> $3::bigint)`,
      [ownerId, base, exceptBoardId ?? null],
    );
    return new Set(rows.map((r) => r.slug));
  },

  /**
   * A user's boards that the viewer may see, in the asked order, keyset-paged.
   * Protected and archived boards are listed to their owner only (boards.policy profileBoardSql).
   */
  async listForOwner(db: Queryable, ownerId: string, viewerId: string | null, opts: BoardListOptions) {
    const sort = BOARD_SORTS[opts.sort];
    const params: unknown[] = [viewerId, ownerId, opts.limit, opts.privacy ?? null];
    let after = '';
    if (opts.after) {
      params.push(opts.after[0], opts.after[1]);
      after = `AND (${sort.key}) ${sort.direction === 'ASC' ? '>' : '<'} ($5::${sort.keyType}, $6::bigint)`;
    }
    const only = {
      all: '',
      secret: "AND b.privacy = 'secret'",
      archived: `AND ${archivedBoardSql()}`,
      group: 'AND (b.is_collaborative OR EXISTS (SELECT 1 FROM board_collaborators g WHERE g.board_id = b.id))',
    }[opts.only];
    return db.query<BoardWithOwner & { sort_key: string }>(
      `SELECT * FROM (${selectBoardWithOwnerSql()}
         WHERE b.owner_id = $2 AND ${profileBoardSql('$1')}
           AND ($4::text IS NULL OR b.privacy = $4::text)
           ${only}) b
       WHERE true ${after}
       ORDER BY ${sort.order} LIMIT $3`,
      params,
    );
  },

  /** The owner's deleted boards that can still be restored. */
  async listDeleted(db: Queryable, ownerId: string, maxAgeDays: number) {
    return db.query<BoardRow & { days_left: number }>(
      `SELECT b.*, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (b.deleted_at + make_interval(days => $2) - now())) / 86400))::int AS days_left
       FROM boards b WHERE b.owner_id = $1 AND b.deleted_at IS NOT NULL AND b.deleted_at > now() - make_interval(days => $2)
       ORDER BY b.deleted_at DESC`,
      [ownerId, maxAgeDays],
    );
  },

  async deletedById(db: Queryable, id: string) {
    const [row] = await db.query<BoardRow>('SELECT * FROM boards WHERE id = $1 AND deleted_at IS NOT NULL', [id]);
    return row ?? null;
  },

  async update(db: Queryable, id: string, fields: Partial<Record<UpdatableColumn, unknown>>) {
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
    await db.query(`UPDATE boards SET ${sets}, updated_at = now() WHERE id = $1`, [id, ...entries.map(([, v]) => v)]);
  },

  /** Hard-deletes boards deleted longer ago than the restore window; returns the media bases their Pins used. */
  async purgeDeleted(db: Queryable, maxAgeDays: number) {
    const media = await db.query<RemovableMedia>(
      `SELECT DISTINCT ON (p.media_base) p.media_base, p.images, p.video_status, p.video, p.story_pin_data, p.captions FROM pins p JOIN boards b ON b.id = p.board_id
       WHERE b.deleted_at < now() - make_interval(days => $1)`,
      [maxAgeDays],
    );
    const boards = await db.query<{ id: string }>('DELETE FROM boards WHERE deleted_at < now() - make_interval(days => $1) RETURNING id', [maxAgeDays]);
    return { boardIds: boards.map((b) => b.id), media };
  },

  /** Sets a moderation state on the board (decision 038). */
  async setModeration(db: Queryable, id: string, state: 'removed' | 'restricted' | null) {
    await db.query('UPDATE boards SET moderation = $2, updated_at = now() WHERE id = $1', [id, state]);
  },

  /** Recounts the board's Pins after a moderation decision took some out of view. */
  async recountPins(db: Queryable, id: string) {
    await db.query(
      `UPDATE boards b SET pin_count = (SELECT count(*) FROM pins p WHERE p.board_id = $1 AND ${countedPinSql('p', 'b.owner_id')}) WHERE b.id = $1`,
      [id],
    );
  },

  /** Recounts the boards of others the person has Pins on, after they were removed or reinstated (decision 045). */
  async recountPinsBy(db: Queryable, userId: string) {
    await db.query(
      `UPDATE boards b SET pin_count = (SELECT count(*) FROM pins p WHERE p.board_id = b.id AND ${countedPinSql('p', 'b.owner_id')})
       WHERE b.id IN (SELECT DISTINCT mp.board_id FROM pins mp WHERE mp.pinner_id = $1 AND mp.board_id IS NOT NULL) AND b.owner_id <> $1`,
      [userId],
    );
  },

  /** A board by id whatever its visibility (not deleted): for moderators deciding on it. */
  async moderationFacts(db: Queryable, id: string) {
    const [row] = await db.query<{ id: string; owner_id: string; name: string; moderation: string | null }>(
      'SELECT id, owner_id, name, moderation FROM boards WHERE id = $1 AND deleted_at IS NULL',
      [id],
    );
    return row ?? null;
  },

  async addToPinCount(db: Queryable, boardId: string, delta: number) {
    await db.query(
      `UPDATE boards SET pin_count = pin_count + $2,
         last_pinned_at = CASE WHEN $2 > 0 THEN now() ELSE last_pinned_at END, updated_at = now()
       WHERE id = $1`,
      [boardId, delta],
    );
  },

  /** Whether the owner ever ordered their boards by hand. */
  async hasCustomOrder(db: Queryable, ownerId: string) {
    return (await db.query('SELECT 1 FROM boards WHERE owner_id = $1 AND position <> 0 AND deleted_at IS NULL LIMIT 1', [ownerId])).length > 0;
  },

  /** Whether the Pin is on the board. */
  async holdsPin(db: Queryable, boardId: string, pinId: string) {
    return (await db.query('SELECT 1 FROM pins WHERE id = $1 AND board_id = $2', [pinId, boardId])).length > 0;
  },

  /** Takes the person off the board's collaborators; the board stays collaborative while anyone is left. */
  async removeCollaborator(db: Queryable, boardId: string, userId: string) {
    await db.query('DELETE FROM board_collaborators WHERE board_id = $1 AND user_id = $2', [boardId, userId]);
    await db.query('UPDATE boards SET is_collaborative = EXISTS (SELECT 1 FROM board_collaborators WHERE board_id = $1) WHERE id = $1', [boardId]);
  },
};
