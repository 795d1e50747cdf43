import type { TDraftStatus } from '@pinboard/shared/schemas/bulk-uploads';
import type { Db, Queryable } from '../../db/client';
import type { ImageVariant } from '../../kernel';

export interface DraftRow {
  id: string;
  owner_id: string;
  batch_id: string;
  upload_id: string | null;
  file_name: string;
  status: TDraftStatus;
  failure: string | null;
  sha256: string | null;
  duplicate_of: string | null;
  title: string;
  description: string;
  link: string;
  media_base: string | null;
  images: Record<string, ImageVariant> | null;
  dominant_color: string | null;
  width: number | null;
  height: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface DraftImage {
  media_base: string;
  images: Record<string, ImageVariant>;
  dominant_color: string;
  width: number;
  height: number;
}

/** Every query names the owner: a draft is only ever its owner's (decision 098). */
export const bulkUploadsRepo = {
  async insert(db: Queryable, d: { id: string; owner_id: string; batch_id: string; upload_id: string; file_name: string }) {
    await db.query(`INSERT INTO pin_drafts (id, owner_id, batch_id, upload_id, file_name) VALUES ($1, $2, $3, $4, $5)`, [
      d.id,
      d.owner_id,
      d.batch_id,
      d.upload_id,
      d.file_name,
    ]);
  },

  async countInBatch(db: Queryable, ownerId: string, batchId: string) {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pin_drafts WHERE owner_id = $1 AND batch_id = $2', [ownerId, batchId]);
    return row?.n ?? 0;
  },

  async ownByUpload(db: Queryable, ownerId: string, uploadId: string) {
    const [row] = await db.query<DraftRow>('SELECT * FROM pin_drafts WHERE upload_id = $1 AND owner_id = $2', [uploadId, ownerId]);
    return row ?? null;
  },

  async ownById(db: Queryable, ownerId: string, id: string) {
    const [row] = await db.query<DraftRow>('SELECT * FROM pin_drafts WHERE id = $1 AND owner_id = $2', [id, ownerId]);
    return row ?? null;
  },

  /** The job's read: the draft whatever its owner (the job carries its id only). */
  async byId(db: Queryable, id: string) {
    const [row] = await db.query<DraftRow>('SELECT * FROM pin_drafts WHERE id = $1', [id]);
    return row ?? null;
  },

  async listBatch(db: Queryable, ownerId: string, batchId: string) {
    return db.query<DraftRow>('SELECT * FROM pin_drafts WHERE owner_id = $1 AND batch_id = $2 ORDER BY id', [ownerId, batchId]);
  },

  /** The last byte arrived: the draft waits for its job. False when it is gone (deleted meanwhile). */
  async markProcessing(db: Queryable, uploadId: string) {
    const rows = await db.query<{ id: string }>(
      `UPDATE pin_drafts SET status = 'processing', updated_at = now() WHERE upload_id = $1 AND status = 'uploading' RETURNING id`,
      [uploadId],
    );
    return rows[0]?.id ?? null;
  },

  /**
   * Records the bytes' SHA-256; answers the draft of the batch that already has the same bytes (recorded before,
   * neither failed nor itself a duplicate), if any. The batch's recordings take turns (a transaction lock on the
   * batch), so two copies processed at the same moment cannot both miss each other: the second sees the first.
   */
  async recordHash(db: Db, id: string, sha256: string) {
    return db.tx(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('pinboard:pin-drafts:' || owner_id || ':' || batch_id, 0)) FROM pin_drafts WHERE id = $1`, [
        id,
      ]);
      const [row] = await tx.query<{ duplicate_of: string | null }>(
        `WITH d AS (UPDATE pin_drafts SET sha256 = $2, updated_at = now() WHERE id = $1 RETURNING owner_id, batch_id)
         SELECT (SELECT o.id FROM pin_drafts o, d WHERE o.owner_id = d.owner_id AND o.batch_id = d.batch_id AND o.sha256 = $2
                   AND o.id <> $1 AND o.status NOT IN ('failed', 'duplicate') ORDER BY o.id LIMIT 1) AS duplicate_of`,
        [id, sha256],
      );
      return row?.duplicate_of ?? null;
    });
  },

  async markDuplicate(db: Queryable, id: string, of: string) {
    await db.query(`UPDATE pin_drafts SET status = 'duplicate', duplicate_of = $2, upload_id = NULL, updated_at = now() WHERE id = $1`, [id, of]);
  },

  /** The stored image; false when the draft is gone (its caller removes the files). */
  async markReady(db: Queryable, id: string, image: DraftImage) {
    const rows = await db.query(
      `UPDATE pin_drafts SET status = 'ready', upload_id = NULL, media_base = $2, images = $3, dominant_color = $4, width = $5, height = $6,
         updated_at = now() WHERE id = $1 AND status = 'processing' RETURNING id`,
      [id, image.media_base, JSON.stringify(image.images), image.dominant_color, image.width, image.height],
    );
    return rows.length > 0;
  },

  async markFailed(db: Queryable, id: string, failure: string) {
    await db.query(`UPDATE pin_drafts SET status = 'failed', failure = $2, upload_id = NULL, updated_at = now() WHERE id = $1`, [id, failure]);
  },

  async updateDetails(
    db: Queryable,
    ownerId: string,
    id: string,
    d: { title?: string | undefined; description?: string | undefined; link?: string | undefined },
  ) {
    const [row] = await db.query<DraftRow>(
      `UPDATE pin_drafts SET title = COALESCE($3, title), description = COALESCE($4, description), link = COALESCE($5, link), updated_at = now()
       WHERE id = $1 AND owner_id = $2 RETURNING *`,
      [id, ownerId, d.title ?? null, d.description ?? null, d.link ?? null],
    );
    return row ?? null;
  },

  async delete(db: Queryable, ownerId: string, id: string) {
    const [row] = await db.query<DraftRow>('DELETE FROM pin_drafts WHERE id = $1 AND owner_id = $2 RETURNING *', [id, ownerId]);
    return row ?? null;
  },

  /** The draft became its Pin: it goes, its image now the Pin's. False when it was not there any more. */
  async deletePublished(db: Queryable, ownerId: string, id: string) {
    const rows = await db.query(`DELETE FROM pin_drafts WHERE id = $1 AND owner_id = $2 AND status = 'ready' RETURNING id`, [id, ownerId]);
    return rows.length > 0;
  },

  /** The duplicates a publish reported: left out for good. */
  async deleteDuplicates(db: Queryable, ownerId: string, ids: string[]) {
    await db.query(`DELETE FROM pin_drafts WHERE owner_id = $1 AND id = ANY($2::bigint[]) AND status = 'duplicate'`, [ownerId, ids]);
  },

  /** Drafts untouched for `olderThanSeconds`, deleted; answers them for their files to go. */
  async deleteStale(db: Queryable, olderThanSeconds: number, limit: number) {
    return db.query<DraftRow>(
      `DELETE FROM pin_drafts WHERE id IN (SELECT id FROM pin_drafts WHERE updated_at < now() - make_interval(secs => $1) ORDER BY id LIMIT $2) RETURNING *`,
      [olderThanSeconds, limit],
    );
  },
};
