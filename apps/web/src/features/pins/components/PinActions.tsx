import { useState } from 'react';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { iconButtonClass, PlainButton } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { lazyPopup } from '../../../components/Popup/lazyPopup';
import { usePopupTrigger } from '../../../components/Popup/usePopupTrigger';
import * as TEXTS from '../../../lib/texts';
import { useSignedInViewer } from '../../session/session.queries';
import type { Pin } from '../pins.api';
import { useHidePin } from '../useHidePin';
import { LoginPrompt, SendPinModal } from '../../../overlays';

export interface PinActionsProps {
  pin: Pin;
  /** Offer 'Hide Pin' (home feed and closeup); never for one's own Pin. */
  canHide?: boolean;
  /** Extra class for each round button (e.g. the card's white buttons). */
  buttonClassName?: string;
}

const PinMoreMenuPopup = lazyPopup(() => import('./PinMoreMenuPopup'), 'PinMoreMenuPopup');

/**
 * Send (share) and the overflow menu of a Pin. Signed out, each opens its
 * login prompt ('Log in to send this Pin', 'Log in to hide this Pin').
 */
export function PinActions({ pin, canHide = false, buttonClassName = '' }: PinActionsProps) {
  const viewer = useSignedInViewer();
  const hide = useHidePin();
  const [sending, setSending] = useState(false);
  const [loginTitle, setLoginTitle] = useState<string | null>(null);
  const showHide = canHide && viewer?.id !== pin.pinner.id;
  const buttonClass = `${iconButtonClass} ${buttonClassName}`;

  return (
    <>
      <PlainButton
        className={buttonClass}
        aria-label={TEXTS.pin.send}
        onPointerEnter={viewer ? SendPinModal.prefetch : LoginPrompt.prefetch}
        onPress={() => (viewer ? setSending(true) : setLoginTitle(MESSAGES.loginPrompt.sendPin))}
      >
        <Icon name="send" size={18} />
      </PlainButton>
      {showHide && <PinMoreMenu className={buttonClass} onHide={() => (viewer ? hide(pin) : setLoginTitle(MESSAGES.loginPrompt.hidePin))} />}
      {viewer && sending && <SendPinModal pin={pin} isOpen onOpenChange={setSending} viewerId={viewer.id} />}
      {loginTitle !== null && <LoginPrompt isOpen onOpenChange={(open) => !open && setLoginTitle(null)} title={loginTitle} />}
    </>
  );
}

function PinMoreMenu({ className, onHide }: { className: string; onHide: () => void }) {
  const { triggerProps, popup } = usePopupTrigger('menu', PinMoreMenuPopup.prefetch);
  return (
    <>
      <button {...triggerProps} className={className} aria-label={TEXTS.pin.more}>
        <Icon name="more" size={20} />
      </button>
      <PinMoreMenuPopup popup={popup} onHide={onHide} />
    </>
  );
}
