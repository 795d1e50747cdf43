import { Button as AriaButton, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { selectedBadgeIds } from '@pinboard/shared/constants/badges';
import { Icon } from '../../../components/Icon/Icon';
import { linkDomain } from '../../../lib/pinText';
import { TEXTS } from '../../../lib/texts';
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
        <li key={badge.id} className={styles.badge} title={badge.description}>
          {badge.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The 'Verified Merchant' link: opens a flyout saying what the status means,
 * the merchant's badges and their claimed website.
 */
export function VerifiedMerchantLink({ name, signal, website }: { name: string; signal: InspirationalSignal | null; website: string | null }) {
  const badges = shownBadges(signal);
  const domain = website ? linkDomain(website) : null;
  return (
    <DialogTrigger>
      <AriaButton className={styles.merchantLink}>
        <Icon name="verified" size={16} />
        {MESSAGES.profile.verifiedMerchant}
      </AriaButton>
      <Popover className={styles.flyout} placement="bottom" offset={6}>
        <Dialog className={styles.flyoutDialog}>
          <Heading slot="title" className={styles.flyoutTitle}>
            {MESSAGES.profile.verifiedMerchant}
          </Heading>
          <p>{TEXTS.partner.verifiedMerchantAbout(name)}</p>
          {badges.length > 0 && (
            <dl className={styles.badgeList}>
              {badges.map((badge) => (
                <div key={badge.id}>
                  <dt>{badge.label}</dt>
                  <dd>{badge.description}</dd>
                </div>
              ))}
            </dl>
          )}
          {website && domain && (
            <a href={website} target="_blank" rel="nofollow noopener noreferrer" className={styles.flyoutLink}>
              <Icon name="external" size={14} />
              {TEXTS.partner.visitWebsite(domain)}
            </a>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
