import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { gridFor, layoutMasonry, viewportSpan, visibleItems, type GridOptions, type Span } from './layout';
import styles from './Masonry.module.css';

export const PIN_GRID: GridOptions = { columnWidth: 236, gutter: 16, minColumns: 2, minColumnWidth: 130 };
/** Dense Pin density (docs/product/profiles-and-boards.md §4): narrower columns, tighter gutters. */
export const DENSE_PIN_GRID: GridOptions = { columnWidth: 180, gutter: 8, minColumns: 2, minColumnWidth: 110 };

/** Viewport positions are rounded to this many px, so most scroll events change nothing. */
const WINDOW_STEP = 256;
/** How far beyond the viewport cards are kept rendered, at least (px). */
const MIN_MARGIN = 800;

export interface MasonryProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** Height of the item at this column width before it is measured. */
  estimateHeight: (item: T, columnWidth: number) => number;
  renderItem: (item: T, columnWidth: number) => ReactNode;
  label: string;
  options?: GridOptions;
}

function currentSpan(element: Element | null): Span | null {
  if (!element || typeof window === 'undefined') return null;
  return viewportSpan(element.getBoundingClientRect().top, window.innerHeight, WINDOW_STEP);
}

/**
 * Absolutely positioned columns. Only the cards whose places meet the
 * viewport (plus a margin of about a screen) are rendered, in feed order, so
 * keyboard and screen-reader order follow the feed; each list item says its
 * position in the whole feed. Heights start from the estimate (which
 * reserves each image's exact height) and are corrected from the rendered
 * cards before the browser paints.
 */
export function Masonry<T>({ items, getKey, estimateHeight, renderItem, label, options = PIN_GRID }: MasonryProps<T>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const measured = useRef(new Map<string, { columnWidth: number; height: number }>());
  const [containerWidth, setContainerWidth] = useState(0);
  const [span, setSpan] = useState<Span>(() => ({ top: 0, bottom: typeof window === 'undefined' ? 1000 : window.innerHeight }));
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    setContainerWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setContainerWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Follow the viewport: on scroll and resize, at most once a frame.
  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = currentSpan(gridRef.current ?? containerRef.current);
      if (next) setSpan((old) => (old.top === next.top && old.bottom === next.bottom ? old : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  const grid = gridFor(containerWidth, options);
  // The layout changes with the items, the grid and new measurements, not
  // with scrolling: scrolling only picks another window of it.
  const { keys, heights, layout } = useMemo(() => {
    const keys = items.map(getKey);
    const heights = items.map((item, index) => {
      const known = measured.current.get(keys[index] ?? '');
      return known && known.columnWidth === grid.columnWidth ? known.height : estimateHeight(item, grid.columnWidth);
    });
    return { keys, heights, layout: layoutMasonry(heights, grid, options.gutter) };
    // `version` counts new measurements, which live in a ref.
  }, [items, getKey, estimateHeight, grid.columnCount, grid.columnWidth, options.gutter, version]);
  const margin = Math.max(MIN_MARGIN, span.bottom - span.top);
  const rendered = visibleItems(layout.placements, heights, span, margin);
  // The card holding focus (or an open flyout) stays, wherever it has scrolled to.
  const focusedIndex = focusedKey === null ? -1 : keys.indexOf(focusedKey);
  if (focusedIndex >= 0 && !rendered.includes(focusedIndex)) {
    rendered.push(focusedIndex);
    rendered.sort((a, b) => a - b);
  }

  // Measure what rendered; a change re-renders before paint. Content above
  // the grid may have moved it, so the viewport is checked again too.
  useLayoutEffect(() => {
    let changed = false;
    for (const [key, element] of itemRefs.current) {
      const height = element.offsetHeight;
      const known = measured.current.get(key);
      if (!known || known.height !== height || known.columnWidth !== grid.columnWidth) {
        measured.current.set(key, { columnWidth: grid.columnWidth, height });
        changed = true;
      }
    }
    if (changed) setVersion((v) => v + 1);
    const next = currentSpan(gridRef.current);
    if (next && (next.top !== span.top || next.bottom !== span.bottom)) setSpan(next);
  });

  return (
    <div ref={containerRef} className={styles.container}>
      {containerWidth > 0 && (
        <ul ref={gridRef} className={styles.grid} aria-label={label} style={{ width: grid.width, height: layout.height }}>
          {rendered.map((index) => {
            const item = items[index] as T;
            const key = keys[index] ?? String(index);
            const place = layout.placements[index];
            return (
              <li
                key={key}
                ref={(element) => {
                  if (element) itemRefs.current.set(key, element);
                  else itemRefs.current.delete(key);
                }}
                className={styles.item}
                aria-setsize={items.length}
                aria-posinset={index + 1}
                onFocus={() => setFocusedKey(key)}
                style={{ width: grid.columnWidth, transform: `translate(${place?.left ?? 0}px, ${place?.top ?? 0}px)` }}
              >
                {renderItem(item, grid.columnWidth)}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
