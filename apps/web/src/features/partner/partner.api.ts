import type { ResourceOutput } from '@pinboard/shared/contract';
import { api } from '../../lib/api';

/** profile_cover (docs/product/profiles-and-boards.md §3): an image by resolution, or empty. */
export type ProfileCover = PartnerProfileFields['profile_cover'];

/** The partner field set (docs/product/profiles-and-boards.md §3). */
export type PartnerFields = NonNullable<PartnerProfileFields['partner']>;

export type BadgeSelection = InspirationalSignal['inspirational_badge_selection'];

export type InspirationalSignal = VerifiedMerchant['inspirational_signal'];

export type VerifiedMerchant = ResourceOutput<'VerifiedMerchantResource', 'get'>;

/** What the profile answer carries about partners, badges and board suggestions. */
export type PartnerProfileFields = ResourceOutput<'PartnerProfileResource', 'update'>;

export async function fetchVerifiedMerchant(userId: string, signal?: AbortSignal): Promise<VerifiedMerchant> {
  return (await api.resource('VerifiedMerchantResource', 'get', { userId }, signal)).data;
}

export async function updateBadgeSelection(userId: string, selection: BadgeSelection): Promise<VerifiedMerchant> {
  return (await api.resource('VerifiedMerchantResource', 'update', { userId, inspirational_badge_selection: selection })).data;
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
  return (await api.resource('PartnerProfileResource', 'update', { ...update })).data;
}

export async function setBusinessAccount(isBusiness: boolean): Promise<PartnerProfileFields> {
  return (await api.resource('BusinessAccountResource', isBusiness ? 'create' : 'delete', {})).data;
}

export async function uploadCover(file: Blob) {
  return (await api.upload('ProfileCoverResource', {}, { image: file })).data;
}

export async function removeCover() {
  return (await api.resource('ProfileCoverResource', 'delete', {})).data;
}

export type WebsiteClaim = ResourceOutput<'WebsiteClaimResource', 'get'>;

export async function fetchWebsiteClaim(signal?: AbortSignal): Promise<WebsiteClaim> {
  return (await api.resource('WebsiteClaimResource', 'get', {}, signal)).data;
}

export async function claimWebsite(): Promise<WebsiteClaim> {
  return (await api.resource('WebsiteClaimResource', 'create', {})).data;
}

export type TriedState = ResourceOutput<'PinTriedResource', 'get'>;

export async function fetchTried(pinId: string, signal?: AbortSignal): Promise<TriedState> {
  return (await api.resource('PinTriedResource', 'get', { pin_id: pinId }, signal)).data;
}

export async function setTried(pinId: string, tried: boolean): Promise<TriedState> {
  return (await api.resource('PinTriedResource', tried ? 'create' : 'delete', { pin_id: pinId })).data;
}
