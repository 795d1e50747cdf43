import type { Queryable } from '../../db/client';
import { listedBoardSql, visiblePinSql } from '../boards';

export type ImageVariant = { url: string; width: number; height: number };

export interface PinRow {
  id: string;
  pinner_id: string;
  board_id: string | null;
  section_id: string | null;
  parent_pin_id: string | null;
  title: string;
  description: string;
  link: string;
  alt_text: string;
  method: string;
  media_base: string;
  images: Record<string, ImageVariant>;
  dominant_color: string;
  width: number;
  height: number;
  repin_count: number;
  comment_count: number;
  comments_enabled: boolean;
  created_at: Date;
}

export interface PinWithRefs extends PinRow {
  pinner_username: string;
  pinner_full_name: string;
  pinner_image_url: string | null;
  board_name: string | null;
  board_slug: string | null;
  board_privacy: 'public' | 'secret' | 'protected' | null;
  board_owner_username: string | null;
  /** Whether the Pin may name its board to the viewer (boards.policy canListBoard). */
  board_listed: boolean;
}

/** Every Pin read joins the same way and filters with the one visibility rule; $1 is the viewer id. */
export function selectVisiblePinsSql() {
  return `
  SELECT p.*, u.username AS pinner_username, u.full_name AS pinner_full_name, u.image_url AS pinner_image_url,
    b.name AS board_name, b.slug AS board_slug, b.privacy AS board_privacy, bo.username AS board_owner_username,
    ${listedBoardSql('$1')} AS board_listed
  FROM pins p
  JOIN users u ON u.id = p.pinner_id
  LEFT JOIN boards b ON b.id = p.board_id
  LEFT JOIN users bo ON bo.id = b.owner_id
  WHERE ${visiblePinSql('$1')}`;
}

export const pinsRepo = {
  /**
   * Inserts a Pin, its comments on or off as its pinner's default; with a client guid, one the pinner already made with that
   * guid wins and null comes back (a retried request, or two at once).
   */
  async insert(db: Queryable, p: Omit<PinRow, 'repin_count' | 'comment_count' | 'comments_enabled' | 'created_at'>, clientGuid: string | null = null) {
    const [row] = await db.query<PinRow>(
      `INSERT INTO pins (id, pinner_id, board_id, section_id, parent_pin_id, title, description, link, alt_text, method,
                         media_base, images, dominant_color, width, height, client_guid, comments_enabled)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
               COALESCE((SELECT NOT comments_default_off FROM users WHERE id = $2), true))
       ON CONFLICT (pinner_id, client_guid) WHERE client_guid IS NOT NULL DO NOTHING
       RETURNING *`,
      [p.id, p.pinner_id, p.board_id, p.section_id, p.parent_pin_id, p.title, p.description, p.link, p.alt_text, p.method,
        p.media_base, JSON.stringify(p.images), p.dominant_color, p.width, p.height, clientGuid],
    );
    return row ?? null;
  },

  async addToRepinCount(db: Queryable, pinId: string, delta: number) {
    await db.query('UPDATE pins SET repin_count = repin_count + $2 WHERE id = $1', [pinId, delta]);
  },

  /** Which of these media bases some Pin still uses. */
  async mediaBasesInUse(db: Queryable, mediaBases: string[]) {
    const rows = await db.query<{ media_base: string }>('SELECT DISTINCT media_base FROM pins WHERE media_base = ANY($1::text[])', [mediaBases]);
    return new Set(rows.map((r) => r.media_base));
  },

  /** Deletes the Pin; a board it was the chosen cover of goes back to its newest Pin. */
  async delete(db: Queryable, id: string) {
    await db.query('DELETE FROM pins WHERE id = $1', [id]);
    await db.query('UPDATE boards SET cover_pin_id = NULL WHERE cover_pin_id = $1', [id]);
  },

  /** The Pin a pinner made with a client guid, if any. */
  async idByClientGuid(db: Queryable, pinnerId: string, clientGuid: string) {
    const [row] = await db.query<{ id: string }>('SELECT id FROM pins WHERE pinner_id = $1 AND client_guid = $2', [pinnerId, clientGuid]);
    return row?.id ?? null;
  },

  async update(
    db: Queryable,
    id: string,
    f: {
      title?: string | undefined; description?: string | undefined; link?: string | undefined; alt_text?: string | undefined;
      board_id?: string | null | undefined; section_id?: string | null | undefined; comments_enabled?: boolean | undefined;
    },
  ) {
    const entries = Object.entries(f).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
    await db.query(`UPDATE pins SET ${sets} WHERE id = $1`, [id, ...entries.map(([, v]) => v)]);
  },

  /** A Pin by id whatever its visibility: for moderators deciding on it. */
  async moderationFacts(db: Queryable, id: string) {
    const [row] = await db.query<{ id: string; pinner_id: string; board_id: string | null; media_base: string; title: string; moderation: string | null }>(
      'SELECT id, pinner_id, board_id, media_base, title, moderation FROM pins WHERE id = $1',
      [id],
    );
    return row ?? null;
  },

  /**
   * Sets a moderation state on the Pin and every other Pin showing the same
   * image (a decision is about the image, saves included: decision 038);
   * answers the boards whose Pins changed.
   */
  async setImageModeration(db: Queryable, id: string, state: 'removed' | 'restricted' | null) {
    const rows = await db.query<{ board_id: string | null }>(
      'UPDATE pins SET moderation = $2 WHERE media_base = (SELECT media_base FROM pins WHERE id = $1) RETURNING board_id',
      [id, state],
    );
    return [...new Set(rows.map((r) => r.board_id).filter((b): b is string => b !== null))];
  },

  async visibleById(db: Queryable, id: string, viewerId: string | null) {
    const [row] = await db.query<PinWithRefs>(`${selectVisiblePinsSql()} AND p.id = $2`, [viewerId, id]);
    return row ?? null;
  },
};
