import { TEXTS } from '../../lib/texts';
import styles from './FeedSkeleton.module.css';
import { Masonry } from './Masonry';

const RATIOS = [1.5, 1.25, 1, 1.75, 1.33, 0.75, 1.5, 1.2, 1.6, 1, 1.4, 1.3, 1.8, 1.1, 1.5];

/** Grey placeholder cards in the masonry while a feed loads. */
export function FeedSkeleton({ count = 15, label = TEXTS.loading }: { count?: number; label?: string }) {
  const items = RATIOS.slice(0, count).map((ratio, index) => ({ id: String(index), ratio }));
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true">
        <Masonry
          items={items}
          label={label}
          getKey={(item) => item.id}
          estimateHeight={(item, width) => Math.round(width * item.ratio)}
          renderItem={(item, width) => <div className={styles.block} style={{ height: Math.round(width * item.ratio) }} />}
        />
      </div>
    </div>
  );
}
