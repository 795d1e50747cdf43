/**
 * Opaque keyset cursors ("bookmark"). A cursor is the sort key of the last
 * row of a page, encoded so clients treat it as a token, never an offset.
 *
 * A bookmark comes back from the client, so it is input like any other: each
 * list says what its cursor holds (decodeCursor's `parts`), and a bookmark
 * that does not decode to exactly that answers 400 naming `bookmark` before
 * any of it reaches a query.
 */
import { isId } from './ids';
import type { Page } from './paging';
import { ValidationError } from './validation';

/**
 * What one position of a cursor holds:
 * - 'id': a non-negative id within the signed 64-bit range, as a decimal string (also microsecond times);
 * - 'int': an integer within PostgreSQL's int (a number, or a decimal string);
 * - 'timestamp': an ISO 8601 UTC time as Date#toISOString writes it;
 * - 'text': a string PostgreSQL can hold as text (no NUL), of at most 1000 characters;
 * - a list of strings: one of them;
 * - a RegExp: a string that matches it.
 */
export type CursorPart = 'id' | 'int' | 'timestamp' | 'text' | readonly string[] | RegExp;

type PartValue<P> = P extends 'int' ? number : P extends readonly (infer S)[] ? S : string;
export type Cursor<P extends readonly CursorPart[]> = { -readonly [K in keyof P]: PartValue<P[K]> };

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const ISO_TIME = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const TEXT_MAX = 1000;

const badBookmark = () => new ValidationError('bookmark', 'bookmark is not a valid cursor.');

export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function readPart(part: CursorPart, value: unknown): string | number | undefined {
  if (part === 'id') return isId(value) ? value : undefined;
  if (part === 'int') {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,10}$/.test(value) ? Number(value) : NaN;
    return Number.isInteger(n) && n >= INT_MIN && n <= INT_MAX ? n : undefined;
  }
  if (typeof value !== 'string') return undefined;
  if (part === 'timestamp') {
    if (!ISO_TIME.test(value)) return undefined;
    const time = new Date(value);
    return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 19) === value.slice(0, 19) ? value : undefined;
  }
  if (part === 'text') return value.length <= TEXT_MAX && !value.includes('\u0000') ? value : undefined;
  if (part instanceof RegExp) return part.test(value) ? value : undefined;
  return part.includes(value) ? value : undefined;
}

/**
 * The cursor a bookmark carries, checked against what the list's cursor
 * holds; null without a bookmark; a 400 naming `bookmark` for anything else.
 */
export function decodeCursor<const P extends readonly CursorPart[]>(bookmark: string | undefined | null, parts: P): Cursor<P> | null {
  if (!bookmark) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bookmark, 'base64url').toString('utf8'));
  } catch {
    throw badBookmark();
  }
  if (!Array.isArray(parsed) || parsed.length !== parts.length) throw badBookmark();
  const values = parts.map((part, i) => readPart(part, parsed[i]));
  if (values.some((v) => v === undefined)) throw badBookmark();
  return values as Cursor<P>;
}

/**
 * Cuts a page from rows read one more than the page (paging.ts): the extra
 * row says a next page exists, and the bookmark is the cursor of the last row kept.
 */
export function pageOf<T>(rows: T[], pageSize: number, keyOf: (row: T) => (string | number)[]): Page<T> {
  const hasMore = rows.length > pageSize;
  const items = hasMore ? rows.slice(0, pageSize) : rows;
  const last = items[items.length - 1];
  return { items, bookmark: hasMore && last ? encodeCursor(keyOf(last)) : null };
}
