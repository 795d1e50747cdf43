import { MESSAGES } from '../../../lib/messages';
import { selectedBadgeIds } from '@pinboard/shared/constants/badges';
import { Icon } from '../../../components/Icon/Icon';
import { lazyPopup } from '../../../components/Popup/lazyPopup';
import { usePopupTrigger } from '../../../components/Popup/usePopupTrigger';
import { TEXTS } from '../../../lib/texts';
import { badgeText } from '../badgeTexts';
import type { InspirationalSignal } from '../partner.api';
import styles from './Partner.module.css';

/** The badges a merchant shows, in catalogue order, with their details. */
export function shownBadges(signal: InspirationalSignal | null) {
  if (!signal) return [];
  const ids = new Set(selectedBadgeIds(signal.inspirational_badge_selection.badgeOptOut));
  return signal.badge_details.filter((badge) => ids.has(badge.id));
}

/** Inspirational badges as small pills in the merchant's colour. */
export function InspirationalBadges({ signal }: { signal: InspirationalSignal | null }) {
  const badges = shownBadges(signal);
  if (!signal || badges.length === 0) return null;
  return (
    <ul className={styles.badges} aria-label={TEXTS.partner.badges} style={{ ['--badge-color' as string]: signal.inspirational_badge_selection.badgeColor }}>
      {badges.map((badge) => (
        <li key={badge.id} className={styles.badge}>
          {badgeText(badge, 'label')}
        </li>
      ))}
    </ul>
  );
}

const VerifiedMerchantPopup = lazyPopup(() => import('./VerifiedMerchantPopup'), 'VerifiedMerchantPopup');

/**
 * The 'Verified Merchant' link: opens a flyout saying what the status means,
 * the merchant's badges and their claimed website.
 */
export function VerifiedMerchantLink({ name, signal, website }: { name: string; signal: InspirationalSignal | null; website: string | null }) {
  const { triggerProps, popup } = usePopupTrigger('dialog', VerifiedMerchantPopup.prefetch);
  return (
    <>
      <button {...triggerProps} className={styles.merchantLink}>
        <Icon name="verified" size={16} />
        {MESSAGES.profile.verifiedMerchant}
      </button>
      <VerifiedMerchantPopup popup={popup} name={name} signal={signal} website={website} />
    </>
  );
}
