import { TEXTS } from '../../lib/texts';
import styles from './Spinner.module.css';

/** A spinner with a visible, announced label. */
export function Spinner({ label = TEXTS.loading, showLabel = true }: { label?: string; showLabel?: boolean }) {
  return (
    <div className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={showLabel ? styles.label : 'visually-hidden'}>{label}</span>
    </div>
  );
}
