import type { ReactNode } from 'react';
import { ButtonLink } from '../Button/Button';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  heading?: string;
  headingLevel?: 1 | 2;
  children?: ReactNode;
  /** One clear action: a ButtonLink or Button. */
  action?: ReactNode;
  /** Or that action as a large link button. */
  link?: { to: string; label: string; variant?: 'primary' | 'secondary' };
  illustration?: boolean;
}

/** A friendly line and one clear action. */
export function EmptyState({ heading, headingLevel = 2, children, action, link, illustration = true }: EmptyStateProps) {
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
      {link && (
        <ButtonLink to={link.to} variant={link.variant ?? 'primary'} size="large">
          {link.label}
        </ButtonLink>
      )}
    </div>
  );
}
