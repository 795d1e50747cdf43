import { Dialog, Heading } from 'react-aria-components';
import { MESSAGES } from '../../../lib/messages';
import { Icon } from '../../../components/Icon/Icon';
import { AnchoredPopover, type PopupProps } from '../../../components/Popup/AriaPopover';
import { linkDomain } from '../../../lib/pinText';
import { TEXTS } from '../../../lib/allTexts';
import type { InspirationalSignal } from '../partner.api';
import { badgeText } from '../badgeTexts';
import { shownBadges } from './MerchantBadges';
import styles from './Partner.module.css';

/** What 'Verified Merchant' means, the merchant's badges and claimed website (loaded when first opened). */
export function VerifiedMerchantPopup({
  popup,
  name,
  signal,
  website,
}: PopupProps & { name: string; signal: InspirationalSignal | null; website: string | null }) {
  const badges = shownBadges(signal);
  const domain = website ? linkDomain(website) : null;
  return (
    <AnchoredPopover popup={popup} kind="dialog" className={styles.flyout} placement="bottom" offset={6}>
      <Dialog id={popup.popupId} className={styles.flyoutDialog}>
        <Heading slot="title" className={styles.flyoutTitle}>
          {MESSAGES.profile.verifiedMerchant}
        </Heading>
        <p>{TEXTS.partner.verifiedMerchantAbout({ name })}</p>
        {badges.length > 0 && (
          <dl className={styles.badgeList}>
            {badges.map((badge) => (
              <div key={badge.id}>
                <dt>{badgeText(badge, 'label')}</dt>
                <dd>{badgeText(badge, 'description')}</dd>
              </div>
            ))}
          </dl>
        )}
        {website && domain && (
          <a href={website} target="_blank" rel="nofollow noopener noreferrer" className={styles.flyoutLink}>
            <Icon name="external" size={14} />
            {TEXTS.partner.visitWebsite({ domain })}
          </a>
        )}
      </Dialog>
    </AnchoredPopover>
  );
}
