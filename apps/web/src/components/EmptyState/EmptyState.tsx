import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  heading?: string;
  headingLevel?: 1 | 2;
  children?: ReactNode;
  /** One clear action: a ButtonLink or Button. */
  action?: ReactNode;
  illustration?: boolean;
}

/** A friendly line and one clear action. */
export function EmptyState({ heading, headingLevel = 2, children, action, illustration = true }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.empty}>
      {illustration && (
        <div className={styles.illustration} aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      )}
      {heading && <Heading className={styles.heading}>{heading}</Heading>}
      {children && <p className={styles.body}>{children}</p>}
      {action}
    </div>
  );
}
