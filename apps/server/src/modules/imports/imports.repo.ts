/** The imports module's SQL (decision 094): imports, each run's items, a person's imported Pins and boards. */
import type { Queryable } from '../../db/client';
import { ownImportSql } from './imports.policy';

type ImportStatus = 'queued' | 'running' | 'done' | 'failed';
export type ItemOutcome = 'imported' | 'already' | 'dead' | 'duplicate' | 'failed';

export interface ImportRow {
  id: string;
  user_id: string;
  status: ImportStatus;
  board_privacy: 'public' | 'secret';
  file_key: string | null;
  total: number;
  created_at: Date;
  finished_at: Date | null;
}

/** One import with its counts, as its owner reads it. */
export interface ImportWithCounts extends ImportRow {
  done: number;
  boards_created: number;
  pins_imported: number;
  pins_skipped_dead: number;
  duplicates_collapsed: number;
  images_failed: number;
}

export interface FailureRow {
  pinterest_id: string;
  pin_url: string;
  title: string;
  reason: string;
  retry: unknown;
}

const COUNTS_SQL = `
  (SELECT count(*)::int FROM import_items x WHERE x.import_id = i.id) AS done,
  (SELECT count(*)::int FROM import_boards b WHERE b.created_by = i.id) AS boards_created,
  (SELECT count(*)::int FROM import_items x WHERE x.import_id = i.id AND x.outcome = 'imported') AS pins_imported,
  (SELECT count(*)::int FROM import_items x WHERE x.import_id = i.id AND x.outcome = 'dead') AS pins_skipped_dead,
  (SELECT count(*)::int FROM import_items x WHERE x.import_id = i.id AND x.outcome = 'duplicate') AS duplicates_collapsed,
  (SELECT count(*)::int FROM import_items x WHERE x.import_id = i.id AND x.outcome = 'failed') AS images_failed`;

const COLUMNS = 'i.id, i.user_id, i.status, i.board_privacy, i.file_key, i.total, i.created_at, i.finished_at';

export const importsRepo = {
  /** Makes a queued import; null when the person already has one queued or running (the partial unique index). */
  async insert(db: Queryable, row: { id: string; userId: string; boardPrivacy: 'public' | 'secret'; fileKey: string }) {
    const [made] = await db.query<{ id: string }>(
      `INSERT INTO imports (id, user_id, board_privacy, file_key) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING id`,
      [row.id, row.userId, row.boardPrivacy, row.fileKey],
    );
    return made?.id ?? null;
  },

  /** Whether the person has an import queued or running. */
  async hasOpen(db: Queryable, userId: string) {
    const rows = await db.query(`SELECT 1 FROM imports WHERE user_id = $1 AND status IN ('queued', 'running')`, [userId]);
    return rows.length > 0;
  },

  /** One import with its counts, when it is the viewer's. */
  async visibleById(db: Queryable, id: string, viewerId: string | null) {
    return db
      .query<ImportWithCounts>(`SELECT ${COLUMNS}, ${COUNTS_SQL} FROM imports i WHERE i.id = $1 AND ${ownImportSql('$2::bigint')}`, [id, viewerId])
      .then((r) => r[0] ?? null);
  },

  /** The viewer's imports, newest first. */
  async listOwn(db: Queryable, viewerId: string, beforeId: string | null, limit: number) {
    return db.query<ImportWithCounts>(
      `SELECT ${COLUMNS}, ${COUNTS_SQL} FROM imports i
       WHERE ${ownImportSql('$1::bigint')} AND ($2::bigint IS NULL OR i.id < $2) ORDER BY i.id DESC LIMIT $3`,
      [viewerId, beforeId, limit],
    );
  },

  async failures(db: Queryable, importId: string, limit: number) {
    return db.query<FailureRow>(
      `SELECT pinterest_id, pin_url, title, reason, retry FROM import_items WHERE import_id = $1 AND outcome = 'failed' ORDER BY pinterest_id LIMIT $2`,
      [importId, limit],
    );
  },

  /** The job's read of its import, whoever's it is. */
  async byId(db: Queryable, id: string) {
    return db.query<ImportRow>(`SELECT ${COLUMNS} FROM imports i WHERE i.id = $1`, [id]).then((r) => r[0] ?? null);
  },

  /** Puts a finished import with failures back in the queue for a retry; false when it is not done (or another is open). */
  async reopen(db: Queryable, id: string) {
    const rows = await db.query(
      `UPDATE imports SET status = 'queued', finished_at = NULL WHERE id = $1 AND status = 'done'
         AND NOT EXISTS (SELECT 1 FROM imports o WHERE o.user_id = imports.user_id AND o.status IN ('queued', 'running'))
       RETURNING id`,
      [id],
    );
    return rows.length > 0;
  },

  async setRunning(db: Queryable, id: string) {
    await db.query(`UPDATE imports SET status = 'running' WHERE id = $1 AND status IN ('queued', 'running')`, [id]);
  },

  async setTotal(db: Queryable, id: string, total: number) {
    await db.query('UPDATE imports SET total = $2 WHERE id = $1', [id, total]);
  },

  async finish(db: Queryable, id: string, status: 'done' | 'failed', error: string | null = null) {
    await db.query(`UPDATE imports SET status = $2, error = $3, finished_at = now(), file_key = NULL WHERE id = $1`, [id, status, error]);
  },

  /** The run's items already handled (a run that starts again skips them). */
  async handled(db: Queryable, importId: string) {
    const rows = await db.query<{ pinterest_id: string; outcome: ItemOutcome }>('SELECT pinterest_id, outcome FROM import_items WHERE import_id = $1', [
      importId,
    ]);
    return new Map(rows.map((r) => [r.pinterest_id, r.outcome]));
  },

  /** The person's Pinterest Pins an earlier import made, among these. */
  async imported(db: Queryable, userId: string, pinterestIds: string[]) {
    const rows = await db.query<{ pinterest_id: string }>('SELECT pinterest_id FROM import_pins WHERE user_id = $1 AND pinterest_id = ANY($2::text[])', [
      userId,
      pinterestIds,
    ]);
    return new Set(rows.map((r) => r.pinterest_id));
  },

  /** Records one Pin's outcome in the run (a failure's row is replaced by what its retry did). */
  async recordItem(
    db: Queryable,
    item: { importId: string; pinterestId: string; outcome: ItemOutcome; pinUrl: string; title: string; reason?: string | null; retry?: unknown },
  ) {
    await db.query(
      `INSERT INTO import_items (import_id, pinterest_id, outcome, pin_url, title, reason, retry) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (import_id, pinterest_id) DO UPDATE SET outcome = EXCLUDED.outcome, reason = EXCLUDED.reason, retry = EXCLUDED.retry`,
      [
        item.importId,
        item.pinterestId,
        item.outcome,
        item.pinUrl,
        item.title,
        item.reason ?? null,
        item.retry === undefined || item.retry === null ? null : JSON.stringify(item.retry),
      ],
    );
  },

  /** The Pin an import made for a Pinterest Pin (in the Pin's transaction). */
  async recordPin(db: Queryable, p: { userId: string; pinterestId: string; pinId: string; importId: string }) {
    await db.query(
      `INSERT INTO import_pins (user_id, pinterest_id, pin_id, import_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, pinterest_id) DO UPDATE SET pin_id = EXCLUDED.pin_id`,
      [p.userId, p.pinterestId, p.pinId, p.importId],
    );
  },

  /** The board an earlier import made or reused for this key, while it is the person's and not deleted. */
  async mappedBoard(db: Queryable, userId: string, key: string) {
    const [row] = await db.query<{ board_id: string }>(
      `SELECT m.board_id FROM import_boards m JOIN boards b ON b.id = m.board_id
       WHERE m.user_id = $1 AND m.board_key = $2 AND b.owner_id = $1 AND b.deleted_at IS NULL`,
      [userId, key],
    );
    return row?.board_id ?? null;
  },

  /** The person's own board of that name, whatever its case (names are unique per owner the same way). */
  async ownBoardByName(db: Queryable, userId: string, name: string) {
    const [row] = await db.query<{ id: string }>(
      `SELECT id FROM boards WHERE owner_id = $1 AND lower(name) = lower($2) AND deleted_at IS NULL ORDER BY id LIMIT 1`,
      [userId, name],
    );
    return row?.id ?? null;
  },

  async mapBoard(db: Queryable, m: { userId: string; key: string; boardId: string; createdBy: string | null }) {
    await db.query(
      `INSERT INTO import_boards (user_id, board_key, board_id, created_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, board_key) DO UPDATE SET board_id = EXCLUDED.board_id,
         created_by = COALESCE(EXCLUDED.created_by, CASE WHEN import_boards.board_id = EXCLUDED.board_id THEN import_boards.created_by END)`,
      [m.userId, m.key, m.boardId, m.createdBy],
    );
  },
};
