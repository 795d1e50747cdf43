import { CAMPAIGN_NAME_MAX, DEFAULT_TRUNCATE, DESCRIPTION_DISPLAY_MAX, TITLE_DISPLAY_MAX } from '../constants/limits';

/**
 * Display truncation (docs/product/logged-out-and-business.md §5). Lengths are counted in
 * Unicode code points, so an emoji (a surrogate pair) is never split in half.
 *
 * Where an ellipsis is added, the result including the '…' stays within the
 * limit, so truncating a truncated text changes nothing.
 */

export const ELLIPSIS = '…';

/** Number of code points in a string. */
export function codePointLength(s: string): number {
  return Array.from(s).length;
}

function codePoints(s: string): string[] {
  return Array.from(s);
}

/** Cuts to at most `max` code points, no ellipsis. */
function cut(s: string, max: number): string {
  const chars = codePoints(s);
  return chars.length <= max ? s : chars.slice(0, Math.max(0, max)).join('');
}

/**
 * Cuts to at most `max` code points (ellipsis included) and appends '…' when
 * anything was cut. Trailing whitespace before the ellipsis is dropped.
 */
export function truncate(s: string, max: number = DEFAULT_TRUNCATE): string {
  const chars = codePoints(s);
  if (chars.length <= max) return s;
  if (max <= 0) return '';
  return (
    chars
      .slice(0, max - 1)
      .join('')
      .trimEnd() + ELLIPSIS
  );
}

/** Titles are trimmed, then cut at 200 code points (no ellipsis). */
export function truncateTitle(s: string): string {
  return cut(s.trim(), TITLE_DISPLAY_MAX);
}

/**
 * Descriptions longer than 496 code points are cut at a word boundary and get
 * an ellipsis; the result including the '…' is at most 496 code points. A
 * single word longer than the room left is cut hard.
 */
export function truncateDescription(s: string, max: number = DESCRIPTION_DISPLAY_MAX): string {
  const chars = codePoints(s);
  if (chars.length <= max) return s;
  if (max <= 0) return '';
  const room = max - 1;
  let end = room;
  // Unless the cut falls right before whitespace, step back to the last whitespace.
  if (!/\s/.test(chars[room] ?? '')) {
    let lastSpace = -1;
    for (let i = room - 1; i > 0; i -= 1) {
      if (/\s/.test(chars[i] ?? '')) {
        lastSpace = i;
        break;
      }
    }
    if (lastSpace > 0) end = lastSpace;
  }
  const kept = chars.slice(0, end).join('').trimEnd();
  // Text that is all whitespace up to the cut: fall back to a hard cut.
  return (kept === '' ? chars.slice(0, room).join('') : kept) + ELLIPSIS;
}

/**
 * Quick-promote campaign name: shorter than 64 code points is kept; 64 or
 * longer is cut to 62 code points plus '…' (63 in all).
 */
export function truncateCampaignName(s: string): string {
  const chars = codePoints(s);
  if (chars.length < CAMPAIGN_NAME_MAX) return s;
  return chars.slice(0, CAMPAIGN_NAME_MAX - 2).join('') + ELLIPSIS;
}
