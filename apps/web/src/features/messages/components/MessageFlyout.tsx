import { MESSAGES } from '../../../lib/messages';
import { buttonClass, type ButtonSize } from '../../../components/Button/Button';
import { lazyPopup } from '../../../components/Popup/lazyPopup';
import { usePopupTrigger } from '../../../components/Popup/usePopupTrigger';

const MessageFlyoutPopup = lazyPopup(() => import('./MessageFlyoutPopup'), 'MessageFlyoutPopup');

export interface MessageFlyoutProps {
  recipient: { id: string; name: string };
  size?: ButtonSize;
  /** Opened from outside (e.g. the options menu or an upsell). */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * The Message button and its flyout: Send is disabled while the text is
 * empty or only spaces; on send the text clears, the flyout closes and the
 * new conversation opens.
 */
export function MessageFlyout({ recipient, size = 'large', isOpen, onOpenChange }: MessageFlyoutProps) {
  const { triggerProps, popup } = usePopupTrigger('dialog', MessageFlyoutPopup.prefetch, { isOpen, onOpenChange });
  return (
    <>
      <button {...triggerProps} className={buttonClass({ variant: 'secondary', size })}>
        {MESSAGES.profile.message}
      </button>
      <MessageFlyoutPopup popup={popup} recipient={recipient} />
    </>
  );
}
