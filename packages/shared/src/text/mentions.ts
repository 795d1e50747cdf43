/**
 * @mentions in a comment: `@` then 3 to 30 letters, digits or underscores
 * (a username, USERNAME_RULE), not preceded by one of those characters (so an
 * email address is no mention) and not followed by one (so a longer word is
 * none either). One pass over the text, no regular expression.
 */
import { USERNAME_MAX, USERNAME_MIN } from '../constants/limits';

export type MentionPart = { kind: 'text'; text: string } | { kind: 'mention'; username: string };

const isNameChar = (c: string | undefined) => c !== undefined && /^[A-Za-z0-9_]$/.test(c);

/** The text cut into plain runs and mentions, in order; the parts joined back give the text. */
export function splitMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let plainStart = 0;
  let i = 0;
  while (i < text.length) {
    if (text[i] === '@' && !isNameChar(text[i - 1])) {
      let end = i + 1;
      while (isNameChar(text[end])) end++;
      const length = end - i - 1;
      if (length >= USERNAME_MIN && length <= USERNAME_MAX) {
        if (i > plainStart) parts.push({ kind: 'text', text: text.slice(plainStart, i) });
        parts.push({ kind: 'mention', username: text.slice(i + 1, end) });
        plainStart = end;
      }
      i = Math.max(end, i + 1);
    } else {
      i++;
    }
  }
  if (plainStart < text.length) parts.push({ kind: 'text', text: text.slice(plainStart) });
  return parts;
}

/** The usernames a text mentions, each once (compared without case), in order of first mention. */
export function mentionedUsernames(text: string): string[] {
  const seen = new Map<string, string>();
  for (const part of splitMentions(text)) {
    if (part.kind === 'mention' && !seen.has(part.username.toLowerCase())) seen.set(part.username.toLowerCase(), part.username);
  }
  return [...seen.values()];
}
