import { describe, expect, it } from 'vitest';
import { gridFor, layoutMasonry, scaledHeight, viewportSpan, visibleItems } from './layout';

const GRID = { columnWidth: 236, gutter: 16 };

describe('gridFor', () => {
  it('fits as many 236 px columns with 16 px gutters as the width allows', () => {
    expect(gridFor(236, GRID)).toEqual({ columnCount: 1, columnWidth: 236, width: 236 });
    expect(gridFor(487, GRID).columnCount).toBe(1);
    expect(gridFor(488, GRID)).toEqual({ columnCount: 2, columnWidth: 236, width: 488 });
    expect(gridFor(1248, GRID)).toEqual({ columnCount: 5, columnWidth: 236, width: 1244 });
  });

  it('narrows the columns to keep the minimum column count on small screens', () => {
    expect(gridFor(358, { ...GRID, minColumns: 2 })).toEqual({ columnCount: 2, columnWidth: 171, width: 358 });
    expect(gridFor(288, { ...GRID, minColumns: 2 })).toEqual({ columnCount: 2, columnWidth: 136, width: 288 });
  });

  it('falls back to one column when even narrowed columns would be too thin', () => {
    expect(gridFor(200, { ...GRID, minColumns: 2, minColumnWidth: 120 })).toEqual({ columnCount: 1, columnWidth: 200, width: 200 });
    expect(gridFor(0, GRID)).toEqual({ columnCount: 1, columnWidth: 0, width: 0 });
  });
});

describe('layoutMasonry', () => {
  const grid = { columnCount: 3, columnWidth: 236 };

  it('fills the first row left to right', () => {
    const { placements } = layoutMasonry([100, 200, 300], grid, 16);
    expect(placements).toEqual([
      { column: 0, top: 0, left: 0 },
      { column: 1, top: 0, left: 252 },
      { column: 2, top: 0, left: 504 },
    ]);
  });

  it('puts each next item in the shortest column, leftmost on a tie', () => {
    const { placements, columnHeights, height } = layoutMasonry([300, 100, 200, 50, 50, 10], grid, 16);
    expect(placements.map((p) => p.column)).toEqual([0, 1, 2, 1, 1, 2]);
    expect(placements[3]).toEqual({ column: 1, top: 116, left: 252 });
    expect(placements[4]).toEqual({ column: 1, top: 182, left: 252 });
    expect(placements[5]).toEqual({ column: 2, top: 216, left: 504 });
    expect(columnHeights).toEqual([300, 232, 226]);
    expect(height).toBe(300);
  });

  it('never moves placed items when more are appended', () => {
    const first = layoutMasonry([120, 340, 90, 400, 210], grid, 16).placements;
    const more = layoutMasonry([120, 340, 90, 400, 210, 80, 500, 60], grid, 16).placements;
    expect(more.slice(0, first.length)).toEqual(first);
  });

  it('handles no items, one column and bad heights', () => {
    expect(layoutMasonry([], grid, 16)).toEqual({ placements: [], columnHeights: [0, 0, 0], height: 0 });
    const single = layoutMasonry([10, 20], { columnCount: 1, columnWidth: 236 }, 16);
    expect(single.placements.map((p) => p.top)).toEqual([0, 26]);
    const bad = layoutMasonry([Number.NaN, -5, 10], { columnCount: 0, columnWidth: 100 }, 8);
    expect(bad.placements.map((p) => p.top)).toEqual([0, 8, 16]);
  });
});

describe('scaledHeight', () => {
  it('keeps the aspect ratio at the column width', () => {
    expect(scaledHeight(600, 900, 236)).toBe(354);
    expect(scaledHeight(600, 450, 236)).toBe(177);
  });

  it('falls back to a square for missing sizes', () => {
    expect(scaledHeight(0, 0, 236)).toBe(236);
  });
});

describe('visibleItems', () => {
  const grid = { columnCount: 2, columnWidth: 100 };
  // Column 0: 0-100, 116-216, 232-332 …; column 1: 0-300, 316-616.
  const heights = [100, 300, 100, 100, 300, 100];
  const { placements } = layoutMasonry(heights, grid, 16);

  it('keeps the items whose rectangles meet the viewport, in feed order', () => {
    expect(placements.map((p) => [p.column, p.top])).toEqual([
      [0, 0],
      [1, 0],
      [0, 116],
      [0, 232],
      [1, 316],
      [0, 348],
    ]);
    expect(visibleItems(placements, heights, { top: 0, bottom: 110 })).toEqual([0, 1]);
    expect(visibleItems(placements, heights, { top: 220, bottom: 320 })).toEqual([1, 3, 4]);
    expect(visibleItems(placements, heights, { top: 1000, bottom: 2000 })).toEqual([]);
  });

  it('treats edges that only touch as outside', () => {
    // Item 0 ends at 100 and item 2 starts at 116.
    expect(visibleItems(placements, heights, { top: 100, bottom: 116 })).toEqual([1]);
  });

  it('widens the viewport by the margin on both sides', () => {
    expect(visibleItems(placements, heights, { top: 400, bottom: 410 }, 0)).toEqual([4, 5]);
    expect(visibleItems(placements, heights, { top: 400, bottom: 410 }, 100)).toEqual([3, 4, 5]);
    expect(visibleItems(placements, heights, { top: 500, bottom: 500 }, 1000)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('renders a screenful, not the whole feed, of 2,000 Pins', () => {
    const many = Array.from({ length: 2000 }, (_, i) => 200 + ((i * 37) % 250));
    const wide = { columnCount: 5, columnWidth: 236 };
    const layout = layoutMasonry(many, wide, 16);
    const shown = visibleItems(layout.placements, many, { top: 60_000, bottom: 60_800 }, 800);
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(80);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    for (const index of shown) {
      const top = layout.placements[index]?.top ?? 0;
      expect(top).toBeLessThan(61_600);
      expect(top + (many[index] ?? 0)).toBeGreaterThan(59_200);
    }
  });

  it('ignores missing heights and placements', () => {
    expect(visibleItems([], [], { top: 0, bottom: 100 })).toEqual([]);
    expect(visibleItems(placements, [], { top: 0, bottom: 100 })).toEqual([]);
  });
});

describe('viewportSpan', () => {
  it('puts the viewport in the grid’s coordinates', () => {
    expect(viewportSpan(200, 800, 0)).toEqual({ top: -200, bottom: 600 });
    expect(viewportSpan(-1000, 800, 0)).toEqual({ top: 1000, bottom: 1800 });
  });

  it('rounds outwards to whole steps so small scrolls change nothing', () => {
    expect(viewportSpan(-1000, 800, 256)).toEqual({ top: 768, bottom: 2048 });
    expect(viewportSpan(-1010, 800, 256)).toEqual({ top: 768, bottom: 2048 });
    expect(viewportSpan(-1030, 800, 256)).toEqual({ top: 1024, bottom: 2048 });
  });
});
