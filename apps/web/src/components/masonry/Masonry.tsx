import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { gridFor, layoutMasonry, type GridOptions } from './layout';
import styles from './Masonry.module.css';

export const PIN_GRID: GridOptions = { columnWidth: 236, gutter: 16, minColumns: 2, minColumnWidth: 130 };

export interface MasonryProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** Height of the item at this column width before it is measured. */
  estimateHeight: (item: T, columnWidth: number) => number;
  renderItem: (item: T, columnWidth: number) => ReactNode;
  label: string;
  options?: GridOptions;
}

/**
 * Absolutely positioned columns, items kept in DOM order (so keyboard and
 * screen-reader order follow the feed). Heights start from the estimate
 * (which reserves each image's exact height) and are corrected from the
 * rendered cards before the browser paints.
 */
export function Masonry<T>({ items, getKey, estimateHeight, renderItem, label, options = PIN_GRID }: MasonryProps<T>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const measured = useRef(new Map<string, { columnWidth: number; height: number }>());
  const [containerWidth, setContainerWidth] = useState(0);
  const [, setVersion] = useState(0);

  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    setContainerWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setContainerWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const grid = gridFor(containerWidth, options);
  const keys = items.map(getKey);
  const heights = items.map((item, index) => {
    const known = measured.current.get(keys[index] ?? '');
    return known && known.columnWidth === grid.columnWidth ? known.height : estimateHeight(item, grid.columnWidth);
  });
  const layout = layoutMasonry(heights, grid, options.gutter);

  // Measure after every render; a change re-renders before paint.
  useLayoutEffect(() => {
    let changed = false;
    for (const key of keys) {
      const element = itemRefs.current.get(key);
      if (!element) continue;
      const height = element.offsetHeight;
      const known = measured.current.get(key);
      if (!known || known.height !== height || known.columnWidth !== grid.columnWidth) {
        measured.current.set(key, { columnWidth: grid.columnWidth, height });
        changed = true;
      }
    }
    if (changed) setVersion((v) => v + 1);
  });

  return (
    <div ref={containerRef} className={styles.container}>
      {containerWidth > 0 && (
        <ul className={styles.grid} aria-label={label} style={{ width: grid.width, height: layout.height }}>
          {items.map((item, index) => {
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
