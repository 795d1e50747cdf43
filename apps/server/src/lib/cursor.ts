/**
 * Opaque keyset cursors ("bookmark"). A cursor is the sort key of the last
 * row of a page, encoded so clients treat it as a token, never an offset.
 */
import { invalid } from './app-error';

export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(bookmark: string | undefined | null, arity: number): (string | number)[] | null {
  if (!bookmark) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(bookmark, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === arity && parsed.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return parsed as (string | number)[];
    }
  } catch {
    // fall through to the error below
  }
  throw invalid('bookmark is not a valid cursor.');
}

/** Takes one row more than the page to know whether a next page exists. */
export function pageOf<T>(rows: T[], pageSize: number, keyOf: (row: T) => (string | number)[]) {
  const hasMore = rows.length > pageSize;
  const items = hasMore ? rows.slice(0, pageSize) : rows;
  const last = items[items.length - 1];
  return { items, bookmark: hasMore && last ? encodeCursor(keyOf(last)) : null };
}
