import { Dialog } from 'react-aria-components';
import menuStyles from '../../../components/Menu/Menu.module.css';
import { Icon } from '../../../components/Icon/Icon';
import { AnchoredPopover, type PopupProps } from '../../../components/Popup/AriaPopover';
import { TEXTS } from '../../../lib/allTexts';
import type { PartnerFields } from '../partner.api';

/** The Contact flyout itself (loaded when first opened). Plain links (not router links): mailto: and tel: leave the app for the mail and phone apps. */
export function ContactMenuPopup({
  popup,
  partner,
  email,
  phone,
  phoneText,
}: PopupProps & { partner: PartnerFields; email: string | null; phone: string | null; phoneText: string }) {
  return (
    <AnchoredPopover popup={popup} kind="dialog" className={menuStyles.popover} placement="bottom" offset={6}>
      <Dialog id={popup.popupId} aria-label={TEXTS.partner.contact} className={menuStyles.menu}>
        {email && (
          <a href={email} className={menuStyles.item}>
            <Icon name="send" size={18} />
            <span className={menuStyles.itemText}>
              <span>{TEXTS.partner.email}</span>
              <small>{partner.contact_email}</small>
            </span>
          </a>
        )}
        {phone && (
          <a href={phone} className={menuStyles.item}>
            <Icon name="message" size={18} />
            <span className={menuStyles.itemText}>
              <span>{TEXTS.partner.call}</span>
              <small>{phoneText}</small>
            </span>
          </a>
        )}
      </Dialog>
    </AnchoredPopover>
  );
}
