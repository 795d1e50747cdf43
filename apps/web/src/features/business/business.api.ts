import type { ResourceOutput } from '@pinboard/shared/contract';
import type { BusinessPermission, TBusinessAccessProfile } from '@pinboard/shared/schemas/business';
import { api, apiRoute } from '../../lib/api';

export type BusinessAccessProfile = TBusinessAccessProfile;
export type { BusinessPermission };

export type BusinessMembers = ResourceOutput<'BusinessAccessResource', 'get'>;

export type MfaStatus = ResourceOutput<'UserMfaResource', 'get'>;

export type MfaEnrolment = ResourceOutput<'UserMfaResource', 'create'>;

/** GET /vx/business_access/profiles/ (docs/product/logged-out-and-business.md §7): the own profile first, then each business. */
export async function fetchBusinessProfiles(signal?: AbortSignal) {
  return (await apiRoute('GET /vx/business_access/profiles/', { signal })).data.profiles;
}

/** Whether acting as this profile is honoured: with two-factor sign-in on, or holding OWNER. */
export const canActAs = (profile: BusinessAccessProfile) => profile.viewerMeetsMfaRequirement || profile.permissions.includes('OWNER');

export async function fetchBusinessMembers(businessId: string, signal?: AbortSignal): Promise<BusinessMembers> {
  return (await api.resource('BusinessAccessResource', 'get', { business_id: businessId }, signal)).data;
}

export async function grantAccess(input: { business_id: string; username: string; permissions: BusinessPermission[] }) {
  return (await api.resource('BusinessAccessResource', 'create', { ...input })).data;
}

export async function revokeAccess(input: { business_id: string; user_id: string }) {
  return (await api.resource('BusinessAccessResource', 'delete', { ...input })).data;
}

export async function fetchMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return (await api.resource('UserMfaResource', 'get', {}, signal)).data;
}

export async function startMfa(): Promise<MfaEnrolment> {
  return (await api.resource('UserMfaResource', 'create', {})).data;
}

export async function confirmMfa(code: string) {
  return (await api.resource('UserMfaResource', 'update', { code })).data;
}

/** Turning it off needs the account's password with the code (a wrong password counts like a wrong log-in). */
export async function disableMfa(input: { code: string; password: string }) {
  return (await api.resource('UserMfaResource', 'delete', input)).data;
}
