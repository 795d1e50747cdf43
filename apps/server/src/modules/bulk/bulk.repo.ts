import type { RemovableMedia } from '../pins';
import type { Queryable } from '../../db/client';
import { countedPinSql } from '../../kernel';
import { PIN_RANK_SQL } from '../../lib/sql-text';

export interface PinSelection {
  boardId: string;
  sectionId: string | null;
  pinIds: string[];
  selectAll: boolean;
  excludedPinIds: string[];
  /** When set, only Pins this person saved (a collaborator acts on their own Pins). */
  pinnerId: string | null;
}

/** The WHERE clause for a selection; parameters start at $1. */
function selectionSql(s: PinSelection, first = 1) {
  const p = (n: number) => `$${first + n}`;
  const sql = `board_id = ${p(0)}
    AND (${p(1)}::bigint IS NULL OR section_id = ${p(1)}::bigint)
    AND (CASE WHEN ${p(2)}::boolean THEN NOT (id = ANY(${p(3)}::bigint[])) ELSE id = ANY(${p(4)}::bigint[]) END)
    AND (${p(5)}::bigint IS NULL OR pinner_id = ${p(5)}::bigint)`;
  return { sql, params: [s.boardId, s.sectionId, s.selectAll, s.excludedPinIds, s.pinIds, s.pinnerId] };
}

export const bulkRepo = {
  async move(db: Queryable, s: PinSelection, to: { boardId: string; sectionId: string | null }) {
    const where = selectionSql(s, 3);
    const rows = await db.query<{ id: string }>(`UPDATE pins SET board_id = $1, section_id = $2 WHERE ${where.sql} RETURNING id`, [
      to.boardId,
      to.sectionId,
      ...where.params,
    ]);
    return rows.map((r) => r.id);
  },

  async delete(db: Queryable, s: PinSelection) {
    const where = selectionSql(s, 1);
    return db.query<RemovableMedia & { id: string }>(
      `DELETE FROM pins WHERE ${where.sql} RETURNING id, media_base, images, video_status, video, story_pin_data, captions`,
      where.params,
    );
  },

  /** Board counts and covers after Pins left or joined. */
  async settleBoard(db: Queryable, boardId: string) {
    await db.query(
      `UPDATE boards SET pin_count = (SELECT count(*) FROM pins p WHERE p.board_id = $1 AND ${countedPinSql('p', 'boards.owner_id')}),
         cover_pin_id = CASE WHEN cover_pin_id IN (SELECT id FROM pins WHERE board_id = $1) THEN cover_pin_id ELSE NULL END,
         updated_at = now()
       WHERE id = $1`,
      [boardId],
    );
  },

  /** The board was just pinned to (its place in 'last pinned to' order). */
  async touchLastPinned(db: Queryable, boardId: string) {
    await db.query('UPDATE boards SET last_pinned_at = now() WHERE id = $1', [boardId]);
  },

  /** Claims a board for one bulk action; false while another fresh claim holds it. */
  async claim(db: Queryable, boardId: string, staleSeconds: number) {
    const rows = await db.query(
      `INSERT INTO board_action_claims (board_id) VALUES ($1)
       ON CONFLICT (board_id) DO UPDATE SET claimed_at = now()
         WHERE board_action_claims.claimed_at < now() - make_interval(secs => $2)
       RETURNING board_id`,
      [boardId, staleSeconds],
    );
    return rows.length > 0;
  },

  async release(db: Queryable, boardIds: string[]) {
    await db.query('DELETE FROM board_action_claims WHERE board_id = ANY($1::bigint[])', [boardIds]);
  },
};

/** Ranks a respaced board starts from: this far apart. */
const RESPACED_GAP = 1024;

export const pinOrderRepo = {
  /** Waits for another reorder of the same board to finish (one at a time per board). */
  async lockBoard(db: Queryable, boardId: string) {
    await db.query('SELECT 1 FROM boards WHERE id = $1 FOR UPDATE', [boardId]);
  },

  /** The ranks of those of `pinIds` on the board. */
  async ranks(db: Queryable, boardId: string, pinIds: string[]) {
    const rows = await db.query<{ id: string; rank: number }>(
      `SELECT p.id, ${PIN_RANK_SQL} AS rank FROM pins p WHERE p.board_id = $1 AND p.id = ANY($2::bigint[])`,
      [boardId, pinIds],
    );
    return new Map(rows.map((r) => [r.id, r.rank]));
  },

  /** The rank of the Pin next to `rank` on the board, leaving out `exceptId`: just below it (`below`) or just above; null at the end. */
  async neighbourRank(db: Queryable, boardId: string, rank: number, id: string, side: 'below' | 'above', exceptId: string) {
    const [cmp, order] = side === 'below' ? ['<', 'DESC'] : ['>', 'ASC'];
    const rows = await db.query<{ rank: number }>(
      `SELECT ${PIN_RANK_SQL} AS rank FROM pins p
       WHERE p.board_id = $1 AND p.id <> $4 AND (${PIN_RANK_SQL}, p.id) ${cmp} ($2::double precision, $3::bigint)
       ORDER BY ${PIN_RANK_SQL} ${order}, p.id ${order} LIMIT 1`,
      [boardId, rank, id, exceptId],
    );
    return rows[0]?.rank ?? null;
  },

  async setRank(db: Queryable, pinId: string, rank: number) {
    await db.query('UPDATE pins SET board_rank = $2 WHERE id = $1', [pinId, rank]);
  },

  /**
   * Gives every Pin of the board a rank RESPACED_GAP apart in its present
   * order: the rare write of many rows, when two neighbours' ranks leave no
   * room between them (same-millisecond ids, or many moves into one gap).
   */
  async respace(db: Queryable, boardId: string) {
    await db.query(
      `UPDATE pins SET board_rank = o.n * ${RESPACED_GAP}
       FROM (SELECT p.id, row_number() OVER (ORDER BY ${PIN_RANK_SQL} ASC, p.id ASC) AS n FROM pins p WHERE p.board_id = $1) o
       WHERE pins.id = o.id`,
      [boardId],
    );
  },
};
