/**
 * Unorganized (boardless) Pins on the owner's profile: the preview strip and
 * the organize upsell (docs/product/profiles-and-boards.md §2). Pure, unit tested; apart from
 * organize.ts so that the owner's sections do not load the modal's steps.
 */

/** The preview strip shows at most this many tiles; the last one can carry a +count. */
const BOARDLESS_PREVIEW_TILES = 6;
/** The organize upsell needs at least this many boardless Pins, and no boards. */
const ORGANIZE_UPSELL_MIN_PINS = 5;

export interface PreviewTile<T> {
  item: T;
  /** How many more Pins the tile stands for ('+N'), or 0. */
  more: number;
}

/** Up to six tiles; when there are more Pins than tiles, the sixth shows +(total − 5). */
export function boardlessPreview<T>(items: readonly T[], total: number = items.length): PreviewTile<T>[] {
  const shown = items.slice(0, BOARDLESS_PREVIEW_TILES);
  const count = Math.max(total, items.length);
  return shown.map((item, index) => ({
    item,
    more: index === BOARDLESS_PREVIEW_TILES - 1 && count > BOARDLESS_PREVIEW_TILES ? count - (BOARDLESS_PREVIEW_TILES - 1) : 0,
  }));
}

export function showsOrganizeUpsell(boardlessCount: number, boardCount: number): boolean {
  return boardlessCount >= ORGANIZE_UPSELL_MIN_PINS && boardCount === 0;
}
