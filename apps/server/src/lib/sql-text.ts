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
