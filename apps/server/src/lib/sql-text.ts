/** Escapes `\`, `%` and `_` so that user text matches literally inside a LIKE pattern (with ESCAPE '\'). */
export function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The keyset condition "column below the bookmark", written so that it is one
 * index condition whether or not there is a bookmark ($n null on a first page).
 * `$n IS NULL OR column < $n` would be a filter in the generic plan PostgreSQL
 * keeps for a prepared statement, so a deep page would read every row above it.
 */
export function idBelowSql(column: string, param: string) {
  return `${column} < COALESCE(${param}::bigint, 9223372036854775807)`;
}

/** Sizes of the windows a paged read takes from each of its sources (page sizes run to 250, plus one). */
const WINDOW_SIZES = [26, 51, 101, 251];

/**
 * A source's window for a page of `limit` rows, as a number for the statement's
 * text: the smallest of a few sizes at least `limit`. A LIMIT parameter is
 * costed as 10% of the rows, which makes PostgreSQL plan such a prepared
 * statement anew on every call rather than keep its generic plan; a few texts
 * in all keep one generic plan each.
 */
export function windowSize(limit: number) {
  return WINDOW_SIZES.find((size) => size >= limit) ?? Math.trunc(limit);
}

/**
 * A Pin's place in its board's custom order (alias `p`), highest first
 * (decision 065): its hand-placed rank, else its id, so a board nobody has
 * reordered reads newest first. Indexed per board and per section
 * (migration 0041): write it exactly so.
 */
export const PIN_RANK_SQL = 'COALESCE(p.board_rank, p.id::double precision)';
