import type { InspirationalBadge } from '@pinboard/shared/constants/badges';
import { api } from '../../lib/api';

interface CoverImage {
  url: string;
  width: number;
  height: number;
}

/** profile_cover (docs/product/profiles-and-boards.md §3): an image by resolution, or empty. */
export type ProfileCover =
  { source: 'empty' } | { source: 'image'; images: Partial<Record<'736x' | '1200x' | 'orig', CoverImage>>; dominant_color: string | null };

/** The partner field set (docs/product/profiles-and-boards.md §3). */
export interface PartnerFields {
  contact_email: string | null;
  contact_phone: string | null;
  contact_phone_country: { phone_code: string | null } | null;
  enable_profile_message: boolean;
  enable_profile_address: boolean;
  profile_place: string | null;
}

export interface BadgeSelection {
  badgeColor: string;
  badgeOptOut: string[];
}

export interface InspirationalSignal {
  badge_details: InspirationalBadge[];
  max_selections: number;
  inspirational_badge_selection: BadgeSelection;
}

export interface VerifiedMerchant {
  user_id: string;
  is_verified_merchant: boolean;
  is_inspirational_merchant: boolean;
  inspirational_signal: InspirationalSignal;
}

/** What the profile answer carries about partners, badges and board suggestions. */
export interface PartnerProfileFields {
  is_partner: boolean;
  is_verified_merchant: boolean;
  is_inspirational_merchant: boolean;
  is_primary_website_verified: boolean;
  profile_cover: ProfileCover;
  partner: PartnerFields | null;
  inspirational_signal: InspirationalSignal | null;
  has_pin_clusters: boolean;
}

export async function fetchVerifiedMerchant(userId: string, signal?: AbortSignal): Promise<VerifiedMerchant> {
  return (await api.get<VerifiedMerchant>('VerifiedMerchantResource', { userId }, signal)).data;
}

export async function updateBadgeSelection(userId: string, selection: BadgeSelection): Promise<VerifiedMerchant> {
  return (await api.send<VerifiedMerchant>('VerifiedMerchantResource', 'update', { userId, inspirational_badge_selection: selection })).data;
}

export interface PartnerUpdate {
  contact_email?: string;
  contact_phone?: string;
  contact_phone_code?: string;
  enable_profile_message?: boolean;
  enable_profile_address?: boolean;
  profile_place?: string;
}

export async function updatePartnerProfile(update: PartnerUpdate): Promise<PartnerProfileFields> {
  return (await api.send<PartnerProfileFields>('PartnerProfileResource', 'update', { ...update })).data;
}

export async function setBusinessAccount(isBusiness: boolean): Promise<PartnerProfileFields> {
  return (await api.send<PartnerProfileFields>('BusinessAccountResource', isBusiness ? 'create' : 'delete')).data;
}

export async function uploadCover(file: Blob): Promise<{ profile_cover: ProfileCover }> {
  return (await api.upload<{ profile_cover: ProfileCover }>('ProfileCoverResource', {}, { image: file })).data;
}

export async function removeCover(): Promise<{ profile_cover: ProfileCover }> {
  return (await api.send<{ profile_cover: ProfileCover }>('ProfileCoverResource', 'delete')).data;
}

export interface WebsiteClaim {
  website_url: string | null;
  meta_tag: string;
  is_primary_website_verified: boolean;
  is_verified_merchant: boolean;
}

export async function fetchWebsiteClaim(signal?: AbortSignal): Promise<WebsiteClaim> {
  return (await api.get<WebsiteClaim>('WebsiteClaimResource', {}, signal)).data;
}

export async function claimWebsite(): Promise<WebsiteClaim> {
  return (await api.send<WebsiteClaim>('WebsiteClaimResource', 'create')).data;
}

export interface TriedState {
  pin_id: string;
  tried_by_me: boolean;
  tried_count: number;
}

export async function fetchTried(pinId: string, signal?: AbortSignal): Promise<TriedState> {
  return (await api.get<TriedState>('PinTriedResource', { pin_id: pinId }, signal)).data;
}

export async function setTried(pinId: string, tried: boolean): Promise<TriedState> {
  return (await api.send<TriedState>('PinTriedResource', tried ? 'create' : 'delete', { pin_id: pinId })).data;
}
