import type { TCollageLayer } from '@pinboard/shared/schemas/collages';
import type { Queryable } from '../../db/client';
import { selectVisiblePinsSql, type ImageVariant, type PinWithRefs } from '../../kernel';
import { idBelowSql } from '../../lib/sql-text';

export interface CollageRow {
  id: string;
  owner_id: string;
  is_draft: boolean;
  layers: TCollageLayer[];
  media_base: string | null;
  images: Record<string, ImageVariant> | null;
  dominant_color: string | null;
  pin_id: string | null;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
}

export interface Preview {
  media_base: string;
  images: Record<string, ImageVariant>;
  dominant_color: string;
}

export const collagesRepo = {
  async insertDraft(db: Queryable, c: { id: string; owner_id: string; layers: TCollageLayer[] } & Preview) {
    await db.query(
      `INSERT INTO collages (id, owner_id, is_draft, layers, media_base, images, dominant_color)
       VALUES ($1, $2, true, $3, $4, $5, $6)`,
      [c.id, c.owner_id, JSON.stringify(c.layers), c.media_base, JSON.stringify(c.images), c.dominant_color],
    );
  },

  /** The owner's collage, draft or published; null for anyone else's. */
  async ownById(db: Queryable, ownerId: string, id: string) {
    const [row] = await db.query<CollageRow>('SELECT * FROM collages WHERE id = $1 AND owner_id = $2', [id, ownerId]);
    return row ?? null;
  },

  /** Replaces a draft's layers and preview; false when it is no longer the owner's draft. */
  async updateDraft(db: Queryable, ownerId: string, id: string, layers: TCollageLayer[], preview: Preview) {
    const rows = await db.query(
      `UPDATE collages SET layers = $3, media_base = $4, images = $5, dominant_color = $6, updated_at = now()
       WHERE id = $1 AND owner_id = $2 AND is_draft RETURNING id`,
      [id, ownerId, JSON.stringify(layers), preview.media_base, JSON.stringify(preview.images), preview.dominant_color],
    );
    return rows.length > 0;
  },

  /** Ends the draft: it is now the Pin. False when it was not (or no longer) the owner's draft. */
  async markPublished(db: Queryable, ownerId: string, id: string, pinId: string) {
    const rows = await db.query(
      `UPDATE collages SET is_draft = false, pin_id = $3, published_at = now(), updated_at = now(),
         media_base = NULL, images = NULL, dominant_color = NULL
       WHERE id = $1 AND owner_id = $2 AND is_draft RETURNING id`,
      [id, ownerId, pinId],
    );
    return rows.length > 0;
  },

  /** Deletes the owner's draft; answers what it was, or null. */
  async deleteDraft(db: Queryable, ownerId: string, id: string) {
    const [row] = await db.query<CollageRow>('DELETE FROM collages WHERE id = $1 AND owner_id = $2 AND is_draft RETURNING *', [id, ownerId]);
    return row ?? null;
  },

  /** The owner's collages, newest first, keyset on id; `isDraft` null for both kinds. */
  list(db: Queryable, ownerId: string, isDraft: boolean | null, before: string | null, limit: number) {
    return db.query<CollageRow>(
      `SELECT * FROM collages
       WHERE owner_id = $1 AND ($2::boolean IS NULL OR is_draft = $2::boolean) AND ${idBelowSql('id', '$3')}
       ORDER BY id DESC LIMIT $4`,
      [ownerId, isDraft, before, limit],
    );
  },

  /** The Pins among these ids the viewer may see. */
  visiblePins(db: Queryable, viewerId: string, pinIds: string[]) {
    return db.query<PinWithRefs>(`${selectVisiblePinsSql()} AND p.id = ANY($2::bigint[])`, [viewerId, pinIds]);
  },
};
