/**
 * Who sees what on a profile (docs/product/profiles-and-boards.md §5, §6; the takedown table
 * of docs/product/logged-out-and-business.md §6). Pure functions, unit tested.
 */
import { takedownFormFor } from '@pinboard/shared/constants/takedownScopes';
import type { TPinFlagFilter } from '@pinboard/shared/schemas/pin-filters';
import { MESSAGES } from '../../lib/messages';
import { codePointLength, truncate } from '@pinboard/shared/text/truncate';
import type { LegalForm, ProfileOption } from '../social/profileOptions';

export type { LegalForm, ProfileOption } from '../social/profileOptions';

/** The header's about budget: 130 characters minus the website (and impressum) lengths. */
const ABOUT_HEADER_BUDGET = 130;

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

/**
 * The regional legal report a viewer in this country gets, if any: the
 * takedown form whose law scope holds the country (the shared TAKEDOWN_CONFIG:
 * dsa for the EU member states and the EU itself, india for India); the
 * profile menu offers no other form.
 */
export function legalFormFor(country: string | null | undefined): LegalForm | null {
  const form = takedownFormFor(country);
  return form === 'dsa' || form === 'india' ? form : null;
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
  /** The server's should_show_messaging: both the viewer and the profile allow messaging, and no block stands either way. */
  shouldShowMessaging: boolean;
  country: string | null;
  /** A business (partner) profile. */
  isPartner: boolean;
  /** A partner's profile-message switch (true for everyone else). */
  profileMessagingEnabled: boolean;
  /** The partner shows a contact email or phone to this viewer. */
  hasPartnerContact: boolean;
  /** The server's show_creator_profile: the person publishes Pins of their own. */
  creatorProfile: boolean;
}

/**
 * Message button: signed in, both allow messaging, not one's own profile, not
 * blocked; a business profile must also have profile messaging on.
 */
export function canMessage(r: Relationship): boolean {
  return r.signedIn && !r.isOwner && !r.blockedByMe && r.shouldShowMessaging && (!r.isPartner || r.profileMessagingEnabled);
}

/**
 * Message in the 'Profile options' menu asks more: a partner contact email or
 * phone, profile messaging on, and a creator profile.
 */
export function offersMessageOption(r: Relationship): boolean {
  return canMessage(r) && r.hasPartnerContact && r.profileMessagingEnabled && r.creatorProfile;
}

/** The 'Profile options' menu: signed-in viewers on non-private profiles; visitors in the EU or India. */
export function showsOptionsMenu(r: Relationship): boolean {
  if (r.isOwner) return false;
  if (r.signedIn) return !r.isPrivate;
  return legalFormFor(r.country) !== null;
}

/**
 * Items of the 'Profile options' menu. Visitors get only the regional legal
 * report, which replaces the normal report for them.
 */
export function profileOptions(r: Relationship): ProfileOption[] {
  if (!showsOptionsMenu(r)) return [];
  const form = legalFormFor(r.country);
  const legal: ProfileOption[] = form === 'dsa' ? ['reportEu'] : form === 'india' ? ['reportIndia'] : [];
  if (!r.signedIn) return legal;
  return [...(offersMessageOption(r) ? (['message'] as const) : []), r.blockedByMe ? 'unblock' : 'block', 'report', ...legal];
}

/** The share icon: hidden on private profiles (their owners invite instead). */
export function showsShareIcon(r: Pick<Relationship, 'isOwner' | 'isPrivate'>): boolean {
  return r.isOwner || !r.isPrivate;
}

/** The owner's Pin filters (docs/product/profiles-and-boards.md §4): Favorites and Created by you combine. */
export type PinFilter = 'favorites' | 'created';

/**
 * The server's flag_filters value for a filter combination (profile pin
 * filter values of the spec): both chosen → FAVORITED_AND_CREATED_BY_ME,
 * none → 'none' (every Pin of the owner).
 */
export function pinFlagFilter(filters: ReadonlySet<PinFilter>): TPinFlagFilter {
  const favorites = filters.has('favorites');
  const created = filters.has('created');
  if (favorites && created) return 'FAVORITED_AND_CREATED_BY_ME';
  if (favorites) return 'FAVORITED';
  if (created) return 'CREATED_BY_ME';
  return 'none';
}

/** The owner's search tile (docs/product/profiles-and-boards.md §2): 'Search your Pins' in English, 'Search' in other languages. */
export function searchTileLabel(locale: string): string {
  return /^en(?:$|[-_])/i.test(locale) ? MESSAGES.profile.searchYourPins : MESSAGES.profile.search;
}
