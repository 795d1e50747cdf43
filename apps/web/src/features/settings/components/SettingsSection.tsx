import type { ReactNode } from 'react';
import styles from './Settings.module.css';

/** A settings page's section: its heading (which names it), an optional intro line, then its content. */
export function SettingsSection({ id, heading, intro, children }: { id: string; heading: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.form} aria-labelledby={id}>
      <h2 id={id} className={styles.fieldLabel}>
        {heading}
      </h2>
      {intro && <p className={styles.help}>{intro}</p>}
      {children}
    </section>
  );
}
