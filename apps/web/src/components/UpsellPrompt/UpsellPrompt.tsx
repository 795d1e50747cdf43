import { useState } from 'react';
import { useLocation } from 'react-router';
import type { UnauthEvent } from '@pinboard/shared/constants/entry';
import { MESSAGES } from '../../lib/messages';
import { TEXTS } from '../../lib/allTexts';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { ButtonLink, PlainButton } from '../Button/Button';
import { LogoMark } from '../Icon/Icon';
import { Modal } from '../Modal/Modal';
import styles from './UpsellPrompt.module.css';

export interface UpsellPromptProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The upsell event that opened it: its reason picks the title. */
  reason: UnauthEvent;
}

/**
 * The logged-out upsell (docs/product/logged-out-and-business.md §4): on desktop a signup
 * modal that switches to log in; on phones a signup sheet that slides up
 * from the bottom (the Modal's narrow-screen form).
 */
export function UpsellPrompt({ isOpen, onOpenChange, reason }: UpsellPromptProps) {
  const phone = useMediaQuery('(max-width: 599px)');
  const [mode, setMode] = useState<'signup' | 'login'>('signup');
  const { pathname, search } = useLocation();
  const next = encodeURIComponent(`${pathname}${search}`);
  const login = mode === 'login' && !phone;
  const texts = TEXTS.upsellPrompt;
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={login ? texts.loginTitle : texts.title({ reason })} closeLabel={texts.close}>
      <div className={styles.body} data-testid={phone ? 'signup-sheet' : 'signup-modal'}>
        <LogoMark size={40} />
        <p className={styles.subheader}>{login ? MESSAGES.loginPrompt.subheader : texts.body}</p>
        <div className={styles.actions}>
          <ButtonLink to={`/${login ? 'login' : 'signup'}/?next=${next}`} variant="primary" size="large" fullWidth>
            {login ? TEXTS.loginPrompt.logIn : texts.signUp}
          </ButtonLink>
          {phone ? (
            <ButtonLink to={`/login/?next=${next}`} variant="secondary" size="large" fullWidth>
              {TEXTS.loginPrompt.logIn}
            </ButtonLink>
          ) : (
            <PlainButton className={styles.switch} onPress={() => setMode(login ? 'signup' : 'login')}>
              {login ? texts.toSignup : texts.toLogin}
            </PlainButton>
          )}
        </div>
      </div>
    </Modal>
  );
}
