/** Escapes `\`, `%` and `_` so that user text matches literally inside a LIKE pattern (with ESCAPE '\'). */
export function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
