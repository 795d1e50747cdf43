import { useLocation } from 'react-router';
import { MESSAGES } from '../../lib/messages';
import { TEXTS } from '../../lib/allTexts';
import { ButtonLink } from '../Button/Button';
import { Modal } from '../Modal/Modal';
import styles from './LoginPrompt.module.css';

export interface LoginPromptProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** One of the spec's login prompt titles, e.g. 'Log in to save this Pin'. */
  title: string;
  /** Where logging in (or signing up) leads back to; the current address when absent. */
  next?: string;
}

/** A signed-out visitor tried something that needs an account (docs/product/profiles-and-boards.md §8, login prompt titles). */
export function LoginPrompt({ isOpen, onOpenChange, title, next: nextPath }: LoginPromptProps) {
  const { pathname, search } = useLocation();
  const next = encodeURIComponent(nextPath ?? `${pathname}${search}`);
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={title}>
      <p className={styles.subheader}>{MESSAGES.loginPrompt.subheader}</p>
      <div className={styles.actions}>
        <ButtonLink to={`/login/?next=${next}`} variant="primary" size="large" fullWidth>
          {TEXTS.loginPrompt.logIn}
        </ButtonLink>
        <ButtonLink to={`/signup/?next=${next}`} variant="secondary" size="large" fullWidth>
          {TEXTS.loginPrompt.signUp}
        </ButtonLink>
      </div>
    </Modal>
  );
}
