import { useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import menuStyles from '../../../components/AppShell/Menu.module.css';
import { iconButtonClass } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { LoginPrompt } from '../../../components/LoginPrompt/LoginPrompt';
import { TEXTS } from '../../../lib/texts';
import { useSignedInViewer } from '../../session/session.queries';
import type { Pin } from '../pins.api';
import { useHidePin } from '../useHidePin';
import { SendPinModal } from './SendPinModal';

export interface PinActionsProps {
  pin: Pin;
  /** Offer 'Hide Pin' (home feed and closeup); never for one's own Pin. */
  canHide?: boolean;
  /** Extra class for each round button (e.g. the card's white buttons). */
  buttonClassName?: string;
}

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
      <AriaButton className={buttonClass} aria-label={TEXTS.pin.send} onPress={() => (viewer ? setSending(true) : setLoginTitle(MESSAGES.loginPrompt.sendPin))}>
        <Icon name="send" size={18} />
      </AriaButton>
      {showHide && (
        <MenuTrigger>
          <AriaButton className={buttonClass} aria-label={TEXTS.pin.more}>
            <Icon name="more" size={20} />
          </AriaButton>
          <Popover className={menuStyles.popover} placement="bottom" offset={6}>
            <Menu
              className={menuStyles.menu}
              aria-label={TEXTS.pin.more}
              onAction={(key) => {
                if (key !== 'hide') return;
                if (viewer) hide(pin);
                else setLoginTitle(MESSAGES.loginPrompt.hidePin);
              }}
            >
              <MenuItem id="hide" className={menuStyles.item} textValue={TEXTS.pin.hide}>
                {TEXTS.pin.hide}
              </MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
      )}
      {viewer && sending && <SendPinModal pin={pin} isOpen onOpenChange={setSending} />}
      {loginTitle !== null && <LoginPrompt isOpen onOpenChange={(open) => !open && setLoginTitle(null)} title={loginTitle} />}
    </>
  );
}
