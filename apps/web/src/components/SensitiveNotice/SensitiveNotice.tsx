import type { ReactNode } from 'react';
import { MESSAGES } from '../../lib/messages';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import styles from './SensitiveNotice.module.css';

export interface SensitiveNoticeProps {
  /** The visible button text ('Show', 'Show Pins'). */
  showText: string;
  /** The button's accessible name when the visible text alone would be ambiguous (several cards on a page). */
  showLabel?: string;
  onShow: () => void;
  /** A line under the notice. */
  children?: ReactNode;
  size?: 'card' | 'page';
}

/**
 * 'This board may contain sensitive content' (docs/product/profiles-and-boards.md §8) with a
 * button that shows what it covers for this page view (decision 016).
 */
export function SensitiveNotice({ showText, showLabel, onShow, children, size = 'card' }: SensitiveNoticeProps) {
  return (
    <div className={`${styles.notice} ${styles[size]}`} data-testid="sensitive-notice">
      <Icon name="alert" size={size === 'page' ? 28 : 20} />
      <p className={styles.text}>{MESSAGES.board.sensitiveContent}</p>
      {children && <p className={styles.help}>{children}</p>}
      <Button variant="secondary" size={size === 'page' ? 'large' : 'small'} onPress={onShow} {...(showLabel ? { 'aria-label': showLabel } : {})}>
        {showText}
      </Button>
    </div>
  );
}
