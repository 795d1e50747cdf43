import { buttonClass } from '../../../components/Button/Button';
import { lazyPopup } from '../../../components/Popup/lazyPopup';
import { usePopupTrigger } from '../../../components/Popup/usePopupTrigger';
import { TEXTS } from '../../../lib/texts';
import type { PartnerFields } from '../partner.api';

/** tel: link of the partner's phone with its country code. */
function phoneHref(partner: Pick<PartnerFields, 'contact_phone' | 'contact_phone_country'>): string | null {
  if (!partner.contact_phone) return null;
  const digits = `${partner.contact_phone_country?.phone_code ?? ''}${partner.contact_phone}`.replace(/[^\d+]/g, '');
  return digits ? `tel:${digits}` : null;
}

const ContactMenuPopup = lazyPopup(() => import('./ContactMenuPopup'), 'ContactMenuPopup');

/** The Contact menu of a business profile: email and call, when the business gave them. */
export function ContactMenu({ partner }: { partner: PartnerFields | null }) {
  const { triggerProps, popup } = usePopupTrigger('dialog', ContactMenuPopup.prefetch);
  if (!partner) return null;
  const email = partner.contact_email ? `mailto:${partner.contact_email}` : null;
  const phone = phoneHref(partner);
  if (!email && !phone) return null;
  const phoneText = [partner.contact_phone_country?.phone_code, partner.contact_phone].filter(Boolean).join(' ');
  return (
    <>
      <button {...triggerProps} className={buttonClass({ variant: 'secondary', size: 'large' })}>
        {TEXTS.partner.contact}
      </button>
      <ContactMenuPopup popup={popup} partner={partner} email={email} phone={phone} phoneText={phoneText} />
    </>
  );
}
