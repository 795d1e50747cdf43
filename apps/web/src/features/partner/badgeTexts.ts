import type { InspirationalBadge } from '@pinboard/shared/constants/badges';
import { hasText, t } from '../../lib/i18n';

type BadgeText = 'label' | 'description' | 'tooltip';
const FIELD = { label: 'label', description: 'description', tooltip: 'controlsTooltip' } as const;

/**
 * A verified merchant's badge in the page's language: the catalogue's
 * `partnerBadge.<id>.<text>` (labels at first paint, on the profile;
 * descriptions, shown in the verified merchant popup, and the merchant's own
 * tooltips with the rest of the texts), else the words the badge came with
 * from the server.
 */
export function badgeText(badge: Pick<InspirationalBadge, 'id' | 'label' | 'description' | 'controlsTooltip'>, text: BadgeText): string {
  const key = `partnerBadge.${badge.id}.${text}`;
  return hasText(key) ? t(key) : badge[FIELD[text]];
}
