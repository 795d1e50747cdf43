/**
 * Masonry layout as pure functions: how many columns fit, and where each
 * item goes. Items are placed in order, each into the currently shortest
 * column (the leftmost on a tie), so appending items never moves the ones
 * already placed.
 */

export interface GridOptions {
  /** Preferred column width in px (the spec's 236x image width). */
  columnWidth: number;
  /** Space between columns and between items in px. */
  gutter: number;
  /**
   * Fewest columns to show. When fewer preferred-width columns fit, the
   * columns are narrowed to fit this many (phones show two narrower columns
   * rather than one lonely column).
   */
  minColumns?: number;
  /** Narrowest a column may get when narrowing for minColumns. */
  minColumnWidth?: number;
}

export interface Grid {
  columnCount: number;
  columnWidth: number;
  /** Total width of the columns and gutters, for centring. */
  width: number;
}

/** Columns of `columnWidth` and gutters that fit in `containerWidth`. */
export function gridFor(containerWidth: number, options: GridOptions): Grid {
  const { columnWidth, gutter, minColumns = 1, minColumnWidth = 120 } = options;
  const available = Math.max(0, containerWidth);
  const fitting = Math.floor((available + gutter) / (columnWidth + gutter));
  if (fitting >= Math.max(1, minColumns)) {
    return { columnCount: fitting, columnWidth, width: fitting * columnWidth + (fitting - 1) * gutter };
  }
  const narrowed = Math.floor((available - (minColumns - 1) * gutter) / minColumns);
  if (minColumns > 1 && narrowed >= minColumnWidth) {
    return { columnCount: minColumns, columnWidth: narrowed, width: minColumns * narrowed + (minColumns - 1) * gutter };
  }
  // Too narrow even for the narrowed columns: one column as wide as there is room (at most the preferred width).
  const single = Math.max(0, Math.min(columnWidth, Math.floor(available)));
  return { columnCount: 1, columnWidth: single, width: single };
}

export interface Placement {
  column: number;
  top: number;
  left: number;
}

export interface MasonryLayout {
  placements: Placement[];
  /** Height of each column including the trailing gutter-free bottom. */
  columnHeights: number[];
  /** Height of the tallest column. */
  height: number;
}

/**
 * Places items of the given heights (px, at the column width) into
 * `columnCount` columns, shortest column first.
 */
export function layoutMasonry(heights: readonly number[], grid: Pick<Grid, 'columnCount' | 'columnWidth'>, gutter: number): MasonryLayout {
  const columnCount = Math.max(1, Math.floor(grid.columnCount));
  const bottoms = new Array<number>(columnCount).fill(0);
  const placements: Placement[] = [];
  for (const rawHeight of heights) {
    const height = Number.isFinite(rawHeight) && rawHeight > 0 ? rawHeight : 0;
    let column = 0;
    for (let c = 1; c < columnCount; c += 1) {
      if ((bottoms[c] ?? 0) < (bottoms[column] ?? 0)) column = c;
    }
    const top = bottoms[column] ?? 0;
    placements.push({ column, top, left: column * (grid.columnWidth + gutter) });
    bottoms[column] = top + height + gutter;
  }
  const columnHeights = bottoms.map((bottom) => Math.max(0, bottom - gutter));
  return { placements, columnHeights, height: Math.max(0, ...columnHeights) };
}

/** Height in px of an image of `width`×`height` shown `columnWidth` wide. */
export function scaledHeight(width: number, height: number, columnWidth: number): number {
  if (!(width > 0) || !(height > 0)) return columnWidth;
  return Math.round((columnWidth * height) / width);
}

export interface Span {
  /** Top edge in px, in the grid's own coordinates (0 is the grid's top). */
  top: number;
  /** Bottom edge in px, same coordinates. */
  bottom: number;
}

/**
 * The items to render: those whose rectangles (placement top to top plus
 * height) meet the viewport widened by `margin` on both sides, in feed order.
 * Everything else is left out of the DOM, so a feed of thousands of Pins
 * costs no more to scroll than a screenful.
 */
export function visibleItems(placements: readonly Placement[], heights: readonly number[], viewport: Span, margin = 0): number[] {
  const top = viewport.top - margin;
  const bottom = viewport.bottom + margin;
  const out: number[] = [];
  for (let index = 0; index < placements.length; index += 1) {
    const place = placements[index];
    if (!place) continue;
    const height = Math.max(0, heights[index] ?? 0);
    if (place.top < bottom && place.top + height > top) out.push(index);
  }
  return out;
}

/**
 * The viewport in the grid's coordinates, rounded outwards to whole `step`s
 * so that small scrolls do not change it (and do not re-render).
 */
export function viewportSpan(gridTop: number, viewportHeight: number, step: number): Span {
  const top = -gridTop;
  const bottom = top + Math.max(0, viewportHeight);
  if (!(step > 0)) return { top, bottom };
  return { top: Math.floor(top / step) * step, bottom: Math.ceil(bottom / step) * step };
}
