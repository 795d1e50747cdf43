import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { buttonClass } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import menuStyles from '../../../components/AppShell/Menu.module.css';
import { TEXTS } from '../../../lib/texts';
import type { PartnerFields } from '../partner.api';

/** tel: link of the partner's phone with its country code. */
export function phoneHref(partner: Pick<PartnerFields, 'contact_phone' | 'contact_phone_country'>): string | null {
  if (!partner.contact_phone) return null;
  const digits = `${partner.contact_phone_country?.phone_code ?? ''}${partner.contact_phone}`.replace(/[^\d+]/g, '');
  return digits ? `tel:${digits}` : null;
}

/** The Contact menu of a business profile: email and call, when the business gave them. */
export function ContactMenu({ partner }: { partner: PartnerFields | null }) {
  if (!partner) return null;
  const email = partner.contact_email ? `mailto:${partner.contact_email}` : null;
  const phone = phoneHref(partner);
  if (!email && !phone) return null;
  const phoneText = [partner.contact_phone_country?.phone_code, partner.contact_phone].filter(Boolean).join(' ');
  // Plain links (not router links): mailto: and tel: leave the app for the mail and phone apps.
  return (
    <DialogTrigger>
      <AriaButton className={buttonClass({ variant: 'secondary', size: 'large' })}>{TEXTS.partner.contact}</AriaButton>
      <Popover className={menuStyles.popover} placement="bottom" offset={6}>
        <Dialog aria-label={TEXTS.partner.contact} className={menuStyles.menu}>
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
      </Popover>
    </DialogTrigger>
  );
}
