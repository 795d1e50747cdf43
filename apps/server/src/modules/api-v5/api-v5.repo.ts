/** API v5 media uploads (migration 0056, decision 100), and what v5 answers say beside the services' Pins and boards: all of the module's SQL. */
import type { Queryable } from '../../db/client';
import { accountInViewSql, countedPinSql, visiblePinSql } from '../../kernel';

type MediaUploadStatus = 'registered' | 'processing' | 'succeeded' | 'failed';

export interface MediaUploadRow {
  id: string;
  owner_id: string;
  media_type: 'video';
  status: MediaUploadStatus;
  source_key: string | null;
  used_at: Date | null;
}

const COLUMNS = 'id, owner_id, media_type, status, source_key, used_at';

export const apiV5Repo = {
  async insertUpload(db: Queryable, upload: { id: string; ownerId: string; uploadHash: string }) {
    await db.query('INSERT INTO api_media_uploads (id, owner_id, upload_hash) VALUES ($1, $2, $3)', [upload.id, upload.ownerId, upload.uploadHash]);
  },

  /** The person's own upload, or null. */
  async ownUpload(db: Queryable, id: string, ownerId: string) {
    const [row] = await db.query<MediaUploadRow>(`SELECT ${COLUMNS} FROM api_media_uploads WHERE id = $1 AND owner_id = $2`, [id, ownerId]);
    return row ?? null;
  },

  /** Claims a registered upload for its file (the upload token's hash must match): it is processing now; null when it is not there to claim. */
  async claimForFile(db: Queryable, id: string, uploadHash: string) {
    const [row] = await db.query<MediaUploadRow>(
      `UPDATE api_media_uploads SET status = 'processing', updated_at = now()
       WHERE id = $1 AND upload_hash = $2 AND status = 'registered' RETURNING ${COLUMNS}`,
      [id, uploadHash],
    );
    return row ?? null;
  },

  async finish(db: Queryable, id: string, outcome: { status: 'succeeded'; sourceKey: string } | { status: 'failed' }) {
    await db.query('UPDATE api_media_uploads SET status = $2, source_key = $3, updated_at = now() WHERE id = $1', [
      id,
      outcome.status,
      outcome.status === 'succeeded' ? outcome.sourceKey : null,
    ]);
  },

  /** Marks a succeeded upload used by a Pin (once); answers its stored file's key, or null when it was not there to use. */
  async markUsed(db: Queryable, id: string, ownerId: string) {
    const [row] = await db.query<{ source_key: string }>(
      `WITH taken AS (
         SELECT id, source_key FROM api_media_uploads
         WHERE id = $1 AND owner_id = $2 AND status = 'succeeded' AND used_at IS NULL AND source_key IS NOT NULL FOR UPDATE
       )
       UPDATE api_media_uploads u SET used_at = now(), source_key = NULL, updated_at = now()
       FROM taken WHERE u.id = taken.id RETURNING taken.source_key`,
      [id, ownerId],
    );
    return row?.source_key ?? null;
  },

  /** Puts a used upload back (the Pin was not made). */
  async unmarkUsed(db: Queryable, id: string, sourceKey: string) {
    await db.query('UPDATE api_media_uploads SET used_at = NULL, source_key = $2, updated_at = now() WHERE id = $1', [id, sourceKey]);
  },

  /** The housekeeping's: uploads untouched for `olderThanSeconds` (never used, or used long ago), deleted; answers their stored files' keys. */
  async deleteStale(db: Queryable, olderThanSeconds: number, limit: number) {
    return db.query<{ source_key: string | null }>(
      `DELETE FROM api_media_uploads WHERE id IN (
         SELECT id FROM api_media_uploads WHERE updated_at < now() - make_interval(secs => $1) ORDER BY id LIMIT $2
       ) RETURNING source_key`,
      [olderThanSeconds, limit],
    );
  },

  /**
   * For v5 `Pin`s: the Pin each was saved from, when `viewerId` may see it (kernel visiblePinSql; else null, as for
   * a Pin saved from nowhere), and whether it has been promoted (it is in an ad). The ids are read through
   * `(SELECT $2)`: a value the planner cannot see, so the plan for one id costs what the shared plan does and
   * PostgreSQL keeps that one instead of planning the statement (about 1.5 ms) on every call (docs/performance.md).
   */
  async pinFacts(db: Queryable, viewerId: string, ids: string[]) {
    return db.query<{ id: string; parent_pin_id: string | null; promoted: boolean }>(
      `SELECT p.id::text AS id,
              (SELECT pp.id::text FROM pins pp LEFT JOIN boards b ON b.id = pp.board_id
               WHERE pp.id = p.parent_pin_id AND ${visiblePinSql('$1', 'pp', 'b')}) AS parent_pin_id,
              EXISTS (SELECT 1 FROM ads ad WHERE ad.pin_id = p.id) AS promoted
       FROM pins p WHERE p.id = ANY((SELECT $2::bigint[])::bigint[])`,
      [viewerId, ids],
    );
  },

  /** For v5 `Board`s: each board's collaborators (people not removed; the owner is not one). */
  async collaboratorCounts(db: Queryable, boardIds: string[]) {
    return db.query<{ board_id: string; n: number }>(
      `SELECT c.board_id::text AS board_id, count(*)::int AS n FROM board_collaborators c
       WHERE c.board_id = ANY($1::bigint[]) AND ${accountInViewSql('c.user_id')} GROUP BY c.board_id`,
      [boardIds],
    );
  },

  /**
   * For v5 `Board`s' `media.pin_thumbnail_urls`: the pictures of each board's newest Pins, at most `perBoard`, over the
   * Pins its list shows (boards.policy countedPinSql, as a section's preview).
   */
  async newestPinImages(db: Queryable, boardIds: string[], perBoard: number) {
    return db.query<{ board_id: string; images: Record<string, { url: string; width: number; height: number }> }>(
      `SELECT b.id::text AS board_id, t.images FROM boards b
       CROSS JOIN LATERAL (
         SELECT p.id, p.images FROM pins p WHERE p.board_id = b.id AND p.images IS NOT NULL AND ${countedPinSql('p', 'b.owner_id')}
         ORDER BY p.id DESC LIMIT $2
       ) t
       WHERE b.id = ANY($1::bigint[])
       ORDER BY b.id, t.id DESC`,
      [boardIds, perBoard],
    );
  },
};
