/**
 * The partner (business) field set, the cover, the verified badge and the
 * verified-merchant signal of a profile, as the spec spells them
 * (docs/product/profiles-and-boards.md §3: User and Verified merchant).
 */
import { BADGE_MAX_SELECTIONS, INSPIRATIONAL_BADGES, badgeOptOutFor } from '@pinboard/shared/constants/badges';
import type { PartnerColumns } from './partner.repo';

/** Cover sizes a profile answers with: 736x for phones (and crawlers), 1200x otherwise, and the original. */
const COVER_SIZES = ['736x', '1200x', 'orig'] as const;

export function presentProfileCover(u: PartnerColumns) {
  if (!u.is_partner || !u.cover_images) return { source: 'empty' as const };
  const images = Object.fromEntries(COVER_SIZES.flatMap((size) => (u.cover_images?.[size] ? [[size, u.cover_images[size]]] : [])));
  return { source: 'image' as const, images, dominant_color: u.cover_dominant_color };
}

/**
 * Everyone sees the partner flag and the profile-message switch; contact
 * details only those who may see the profile's content (a private business
 * shows them to its followers); the place only when the business chose to
 * show its address. The owner always sees everything, to edit it.
 */
function presentPartner(u: PartnerColumns, { isOwner, contentVisible }: { isOwner: boolean; contentVisible: boolean }) {
  if (!u.is_partner) return null;
  const contact = isOwner || contentVisible;
  return {
    contact_email: contact ? u.contact_email || null : null,
    contact_phone: contact ? u.contact_phone || null : null,
    contact_phone_country: contact && u.contact_phone ? { phone_code: u.contact_phone_code || null } : null,
    enable_profile_message: u.enable_profile_message,
    enable_profile_address: u.enable_profile_address,
    profile_place: isOwner || (contact && u.enable_profile_address) ? u.profile_place || null : null,
  };
}

/** The profile's website is the one its owner claimed (docs/product/profiles-and-boards.md §3: is_primary_website_verified). */
export function isWebsiteVerified(u: PartnerColumns) {
  return !!u.website_url && u.website_verified_url === u.website_url;
}

/**
 * Verified merchants: business accounts whose profile website is claimed,
 * and accounts an operator marked as verified.
 */
export function isVerifiedMerchant(u: PartnerColumns) {
  return u.is_verified_merchant || (u.is_partner && isWebsiteVerified(u));
}

/** VerifiedMerchantResource's answer; the badges shown are the catalogue minus badgeOptOut. */
export function presentMerchant(u: PartnerColumns) {
  return {
    user_id: u.id,
    is_verified_merchant: isVerifiedMerchant(u),
    is_inspirational_merchant: isInspirationalMerchant(u),
    inspirational_signal: {
      badge_details: INSPIRATIONAL_BADGES.map((badge) => ({ ...badge })),
      max_selections: BADGE_MAX_SELECTIONS,
      inspirational_badge_selection: { badgeColor: u.inspirational_badge_color, badgeOptOut: badgeOptOutFor(u.inspirational_badges) },
    },
  };
}

function isInspirationalMerchant(u: PartnerColumns) {
  return isVerifiedMerchant(u) && u.inspirational_badges.length > 0;
}

/** The fields a profile answer gains from this module. */
export function presentPartnerProfileFields(u: PartnerColumns, o: { isOwner: boolean; contentVisible: boolean; monthlyViews: number | null }) {
  return {
    is_partner: u.is_partner,
    is_verified_merchant: isVerifiedMerchant(u),
    is_inspirational_merchant: isInspirationalMerchant(u),
    is_primary_website_verified: isWebsiteVerified(u),
    verified_identity: { verified: u.is_identity_verified },
    profile_cover: presentProfileCover(u),
    partner: presentPartner(u, o),
    // Monthly views are a partner metric; -1 hides the line on other profiles.
    profile_views: u.is_partner && o.monthlyViews !== null ? o.monthlyViews : -1,
    inspirational_signal: isVerifiedMerchant(u) ? presentMerchant(u).inspirational_signal : null,
  };
}
