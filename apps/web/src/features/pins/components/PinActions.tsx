import { useState } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { iconButtonClass, PlainButton } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { lazyPopup } from '../../../components/Popup/lazyPopup';
import { usePopupTrigger } from '../../../components/Popup/usePopupTrigger';
import { TEXTS } from '../../../lib/texts';
import { useSignedInViewer } from '../../session/session.queries';
import type { Pin } from '../pins.api';
import { useHidePin } from '../useHidePin';
import { LoginPrompt, ReportPinDialog, SendPinModal } from '../../../overlays';
import { recordUnauthEvent } from '../../../lib/upsell';

export interface PinActionsProps {
  pin: Pin;
  /** Offer 'Hide Pin' (home feed and closeup); never for one's own Pin. */
  canHide?: boolean;
  /** Offer 'Download image' (the closeup's menu): the original image; signed out, the `closeup_download` upsell and the login prompt. */
  canDownload?: boolean;
  /** Offer 'Report Pin' (the closeup's menu; never for one's own Pin): signed out, the login prompt. */
  canReport?: boolean;
  /** Extra class for each round button (e.g. the card's white buttons). */
  buttonClassName?: string;
}

const PinMoreMenuPopup = lazyPopup(() => import('./PinMoreMenuPopup'), 'PinMoreMenuPopup');

/** Downloads the Pin's original image (same origin, so the browser saves it under the given name). */
function downloadOriginal(pin: Pin) {
  const image = pin.images.orig ?? pin.images['1200x'] ?? pin.images['736x'] ?? pin.images['474x'] ?? pin.images['236x'];
  if (!image) return;
  const link = document.createElement('a');
  link.href = image.url;
  link.download = `pin-${pin.id}${/\.[a-z0-9]+$/i.exec(new URL(image.url, window.location.href).pathname)?.[0] ?? ''}`;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Send (share) and the overflow menu of a Pin. Signed out, each opens its
 * login prompt ('Log in to send this Pin', 'Log in to hide this Pin'; Download
 * image, after recording the `closeup_download` upsell event, 'Log in to continue').
 */
export function PinActions({ pin, canHide = false, canDownload = false, canReport = false, buttonClassName = '' }: PinActionsProps) {
  const viewer = useSignedInViewer();
  const hide = useHidePin();
  const [sending, setSending] = useState(false);
  const [reporting, setReporting] = useState(false);
  const showReport = canReport && viewer?.id !== pin.pinner.id;
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
      {(showHide || canDownload || showReport) && (
        <PinMoreMenu
          className={buttonClass}
          onHide={showHide ? () => (viewer ? hide(pin) : setLoginTitle(MESSAGES.loginPrompt.hidePin)) : undefined}
          onDownload={
            canDownload
              ? () => {
                  if (viewer) downloadOriginal(pin);
                  else {
                    recordUnauthEvent('closeup_download');
                    setLoginTitle(MESSAGES.loginPrompt.continue);
                  }
                }
              : undefined
          }
          onReport={showReport ? () => (viewer ? setReporting(true) : setLoginTitle(MESSAGES.loginPrompt.continue)) : undefined}
        />
      )}
      {viewer && reporting && <ReportPinDialog pinId={pin.id} isOpen onOpenChange={setReporting} />}
      {viewer && sending && <SendPinModal pin={pin} isOpen onOpenChange={setSending} viewerId={viewer.id} />}
      {loginTitle !== null && <LoginPrompt isOpen onOpenChange={(open) => !open && setLoginTitle(null)} title={loginTitle} />}
    </>
  );
}

function PinMoreMenu({
  className,
  onHide,
  onDownload,
  onReport,
}: {
  className: string;
  onHide: (() => void) | undefined;
  onDownload: (() => void) | undefined;
  onReport: (() => void) | undefined;
}) {
  const { triggerProps, popup } = usePopupTrigger('menu', PinMoreMenuPopup.prefetch);
  return (
    <>
      <button {...triggerProps} className={className} aria-label={TEXTS.pin.more}>
        <Icon name="more" size={20} />
      </button>
      <PinMoreMenuPopup popup={popup} onHide={onHide} onDownload={onDownload} onReport={onReport} />
    </>
  );
}
