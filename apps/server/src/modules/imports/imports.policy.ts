/**
 * Who may see an import (decision 094): its owner alone. Another person's
 * import, its progress, its failures and its retry answer 404, as a missing
 * one does. What an import makes (boards, Pins) is seen under the boards'
 * and Pins' own rules: its boards get the privacy the owner chose.
 */

/** SQL: the import `alias` is the viewer's (`viewerParam`: their id, or NULL: no one's). */
export function ownImportSql(viewerParam: string, alias = 'i') {
  return `(${viewerParam} IS NOT NULL AND ${alias}.user_id = ${viewerParam})`;
}
