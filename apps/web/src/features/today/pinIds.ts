/**
 * The Pins an editor lists for an article: one per line or separated by
 * spaces or commas, each a Pin id or a Pin address (…/pin/{id}/). Read in
 * one pass over the text, without regular expressions over outside input.
 */
export function parsePinIds(text: string): { ids: string[]; bad: string[] } {
  const ids: string[] = [];
  const bad: string[] = [];
  for (const raw of text.split(/[\s,]+/)) {
    if (!raw) continue;
    const parts = raw.split('/').filter(Boolean);
    const pinAt = parts.lastIndexOf('pin');
    const candidate = pinAt >= 0 ? (parts[pinAt + 1] ?? '') : (parts[parts.length - 1] ?? '');
    const isId = candidate.length > 0 && candidate.length <= 20 && [...candidate].every((c) => c >= '0' && c <= '9');
    if (isId && !ids.includes(candidate)) ids.push(candidate);
    else if (!isId) bad.push(raw);
  }
  return { ids, bad };
}
