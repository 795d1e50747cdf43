/**
 * Inspirational badges a verified merchant may show on their profile
 * (docs/product/profiles-and-boards.md §3, Verified merchant: badge id, label, description,
 * controlsTooltip). The spec lists none, so the catalogue is ours; see
 * docs/decisions/009-partner-profiles-badges-and-clusters.md.
 */

export interface InspirationalBadge {
  readonly id: string;
  readonly label: string;
  /** What the badge tells people who see it on the profile. */
  readonly description: string;
  /** Shown to the merchant beside the badge's checkbox: when it is fair to show it. */
  readonly controlsTooltip: string;
}

export const INSPIRATIONAL_BADGES: readonly InspirationalBadge[] = [
  {
    id: 'handmade',
    label: 'Handmade',
    description: 'Products are made by hand, in small batches.',
    controlsTooltip: 'Show this when most of what you sell is made by hand.',
  },
  {
    id: 'sustainable',
    label: 'Sustainable',
    description: 'Made with recycled, renewable or low-impact materials.',
    controlsTooltip: 'Show this when your products or packaging use sustainable materials.',
  },
  {
    id: 'small_business',
    label: 'Small business',
    description: 'An independent business with a small team.',
    controlsTooltip: 'Show this when your business is independently owned and has fewer than 50 people.',
  },
  {
    id: 'locally_made',
    label: 'Locally made',
    description: 'Designed and made close to home.',
    controlsTooltip: 'Show this when your products are made in the country you sell from.',
  },
  {
    id: 'vegan',
    label: 'Vegan',
    description: 'No animal products or by-products.',
    controlsTooltip: 'Show this when none of your products contain animal ingredients or materials.',
  },
  {
    id: 'inclusive_sizing',
    label: 'Inclusive sizing',
    description: 'A wide range of sizes for every body.',
    controlsTooltip: 'Show this when your clothing or products come in an extended range of sizes.',
  },
  {
    id: 'giving_back',
    label: 'Gives back',
    description: 'Part of every sale supports a charity or community.',
    controlsTooltip: 'Show this when you donate part of your sales to a cause.',
  },
];

export const INSPIRATIONAL_BADGE_IDS: readonly string[] = INSPIRATIONAL_BADGES.map((badge) => badge.id);

/** At most this many badges shown at once (docs/product/profiles-and-boards.md §9). */
export const BADGE_MAX_SELECTIONS = 3;

/** A custom colour input is cut to this many characters (docs/product/profiles-and-boards.md §5: '#rrggbb'). */
export const BADGE_COLOR_INPUT_MAX = 7;

export const HEX_COLOR_RULE = /^#[0-9a-fA-F]{6}$/;

/** The badges shown, in catalogue order: every badge not opted out of. */
export function selectedBadgeIds(optOut: readonly string[]): string[] {
  const out = new Set(optOut);
  return INSPIRATIONAL_BADGE_IDS.filter((id) => !out.has(id));
}

/** The wire form of a selection: the badges opted out of, in catalogue order. */
export function badgeOptOutFor(selected: readonly string[]): string[] {
  const chosen = new Set(selected);
  return INSPIRATIONAL_BADGE_IDS.filter((id) => !chosen.has(id));
}
