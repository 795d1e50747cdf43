/**
 * Who sees what on a profile (profiles-and-boards §5, §6; the takedown table
 * of logged-out-and-business §6). Pure functions, unit tested.
 */
import { codePointLength, truncate } from '@pinboard/shared/text/truncate';

/** The header's about budget: 130 characters minus the website (and impressum) lengths. */
export const ABOUT_HEADER_BUDGET = 130;

/** About text cut to what the header has room for; `truncated` says a 'more' link is due. */
export function headerAbout(about: string, websiteUrl: string | null | undefined): { text: string; truncated: boolean } {
  const text = about.trim();
  const budget = Math.max(0, ABOUT_HEADER_BUDGET - codePointLength(websiteUrl ?? ''));
  if (codePointLength(text) <= budget) return { text, truncated: false };
  return { text: budget > 0 ? truncate(text, budget) : '', truncated: true };
}

/** The following count shown: people followed, without followed interests. */
export function displayedFollowing(profile: { following_count: number; interest_following_count?: number | undefined }): number {
  return Math.max(0, profile.following_count - (profile.interest_following_count ?? 0));
}

/** Member countries of the EU takedown form (dsa), plus EU itself. */
export const EU_COUNTRY_CODES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'EU',
]);

export type LegalForm = 'dsa' | 'india';

/** The regional legal report a viewer in this country gets, if any. */
export function legalFormFor(country: string | null | undefined): LegalForm | null {
  const code = (country ?? '').toUpperCase();
  if (EU_COUNTRY_CODES.has(code)) return 'dsa';
  if (code === 'IN') return 'india';
  return null;
}

/**
 * The viewer's country: the account's when signed in, else the region of the
 * browser's language ('de-AT' → AT), which is all a visitor tells us.
 */
export function viewerCountry(accountCountry: string | null | undefined, browserLanguage: string | null | undefined): string | null {
  if (accountCountry) return accountCountry.toUpperCase();
  const region = (browserLanguage ?? '').split(/[-_]/)[1];
  return region && /^[a-z]{2}$/i.test(region) ? region.toUpperCase() : null;
}

export interface Relationship {
  signedIn: boolean;
  isOwner: boolean;
  isPrivate: boolean;
  blockedByMe: boolean;
  /** The server's should_show_messaging: the profile takes messages and no block stands either way. */
  shouldShowMessaging: boolean;
  country: string | null;
}

/** Message button: signed in, both allow messaging, not one's own profile, not blocked. */
export function canMessage(r: Relationship): boolean {
  return r.signedIn && !r.isOwner && !r.blockedByMe && r.shouldShowMessaging;
}

/** The 'Profile options' menu: signed-in viewers on non-private profiles; visitors in the EU or India. */
export function showsOptionsMenu(r: Relationship): boolean {
  if (r.isOwner) return false;
  if (r.signedIn) return !r.isPrivate;
  return legalFormFor(r.country) !== null;
}

export type ProfileOption = 'message' | 'block' | 'unblock' | 'report' | 'reportEu' | 'reportIndia';

/**
 * Items of the 'Profile options' menu. Visitors get only the regional legal
 * report, which replaces the normal report for them.
 */
export function profileOptions(r: Relationship): ProfileOption[] {
  if (!showsOptionsMenu(r)) return [];
  const form = legalFormFor(r.country);
  const legal: ProfileOption[] = form === 'dsa' ? ['reportEu'] : form === 'india' ? ['reportIndia'] : [];
  if (!r.signedIn) return legal;
  return [
    ...(canMessage(r) ? (['message'] as const) : []),
    r.blockedByMe ? 'unblock' : 'block',
    'report',
    ...legal,
  ];
}

/** The share icon: hidden on private profiles (their owners invite instead). */
export function showsShareIcon(r: Pick<Relationship, 'isOwner' | 'isPrivate'>): boolean {
  return r.isOwner || !r.isPrivate;
}

/** The owner's Pin filters (profiles-and-boards §4): Favorites and Created by you combine. */
export type PinFilter = 'favorites' | 'created';

/**
 * Which of the owner's Pins a filter combination keeps (null: all). There is
 * no favourite flag on Pins yet, so a Favorites filter (alone or with Created
 * by you) keeps nothing and the page says 'Nothing to see here'.
 */
export function pinFilterPredicate(filters: ReadonlySet<PinFilter>): ((pin: { is_repin?: boolean | undefined }) => boolean) | null {
  if (filters.has('favorites')) return () => false;
  if (filters.has('created')) return (pin) => !pin.is_repin;
  return null;
}
