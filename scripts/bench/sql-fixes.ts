/**
 * Proposed SQL changes, applied to the SQL text the app sends: by the query
 * lab (to EXPLAIN before and after) and, only when asked with
 * BENCH_WHATIF=cover, by the bench's pass-through Db (to measure what the
 * change would buy end to end). The server code itself is untouched; the
 * real change belongs in apps/server/src/modules/boards/boards.repo.ts.
 */

const COVER_LATERAL_START = 'LEFT JOIN LATERAL (';
const COVER_LATERAL_END = ') cp ON true';
const COVER_MARK = 'ORDER BY (p.id = b.cover_pin_id) DESC';

/**
 * The board cover as two index-friendly branches, instead of one OR that
 * reads every Pin of the board and sorts them: the chosen cover Pin by
 * primary key, or (only when none is chosen) the newest Pin by
 * pins_board_idx. Same answer: exactly one branch can return a row.
 */
const COVER_FIXED = `LEFT JOIN LATERAL (
    SELECT p.images, p.dominant_color FROM pins p WHERE p.id = b.cover_pin_id
    UNION ALL
    (SELECT p.images, p.dominant_color FROM pins p
      WHERE b.cover_pin_id IS NULL AND p.board_id = b.id ORDER BY p.id DESC LIMIT 1)
    LIMIT 1
  `;

/** Whether `sql` holds today's board-cover LATERAL (boardsRepo's selectBoardWithOwnerSql). */
export function hasSlowCover(sql: string): boolean {
  return sql.includes(COVER_MARK) && sql.includes(COVER_LATERAL_START) && sql.includes(COVER_LATERAL_END);
}

/** `sql` with the board-cover LATERAL replaced by COVER_FIXED; unchanged if it has none. */
export function fixCover(sql: string): string {
  if (!hasSlowCover(sql)) return sql;
  const start = sql.indexOf(COVER_LATERAL_START);
  const end = sql.indexOf(COVER_LATERAL_END, start);
  return sql.slice(0, start) + COVER_FIXED + sql.slice(end);
}
