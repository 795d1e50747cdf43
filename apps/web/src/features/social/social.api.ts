import type { ResourceOutput } from '@pinboard/shared/contract';
import type { TakedownForm, TakedownLaw } from '@pinboard/shared/constants/takedowns';
import { api, apiRoute, type ApiResult } from '../../lib/api';

/** Following or unfollowing answers the follow state (following also whether they follow back). */
export type FollowResult = ResourceOutput<'UserFollowResource', 'create'> | ResourceOutput<'UserFollowResource', 'delete'>;

/** Someone in a followers or following list. */
export type FollowListUser = ResourceOutput<'UserFollowersResource', 'get'>[number];

export type FollowDirection = 'followers' | 'following';

export async function followUser(userId: string, inviteCode?: string | null): Promise<FollowResult> {
  return (await api.resource('UserFollowResource', 'create', { user_id: userId, invite_code: inviteCode ?? undefined })).data;
}

export async function unfollowUser(userId: string): Promise<FollowResult> {
  return (await api.resource('UserFollowResource', 'delete', { user_id: userId })).data;
}

export function fetchFollowList(
  username: string,
  direction: FollowDirection,
  bookmark: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<FollowListUser[]>> {
  const name = direction === 'followers' ? 'UserFollowersResource' : 'UserFollowingResource';
  return api.resource(name, 'get', { username, bookmark: bookmark ?? undefined, page_size: 25 }, signal);
}

export type InviteCode = ResourceOutput<'InviteCodeResource', 'get'>;

export async function fetchInviteCode(signal?: AbortSignal): Promise<InviteCode> {
  return (await api.resource('InviteCodeResource', 'get', {}, signal)).data;
}

/** POST /v3/invite_code/{code}/redeem/: follows the code's owner. The code is URL-encoded twice. */
export async function redeemInviteCode(code: string) {
  return (await apiRoute('POST /v3/invite_code/:code/redeem/', { params: { code: encodeURIComponent(code) } })).data;
}

export type BlockResult = ResourceOutput<'UserBlockResource', 'create'>;

export async function blockUser(userId: string): Promise<BlockResult> {
  return (await api.resource('UserBlockResource', 'create', { blocked_user_id: userId, source: 'profile' })).data;
}

export async function unblockUser(userId: string): Promise<BlockResult> {
  return (await api.resource('UserBlockResource', 'delete', { blocked_user_id: userId, source: 'profile' })).data;
}

export async function reportUser(input: { user_id: string; reason: string; details?: string }) {
  return (await api.resource('UserReportResource', 'create', { ...input })).data;
}

export type { TakedownForm } from '@pinboard/shared/constants/takedowns';

export interface TakedownInput {
  laws: TakedownLaw[];
  reported_user_id?: string;
  reported_url?: string;
  reporter_name?: string;
  reporter_email?: string;
  reporter_country: string;
  content_date: string;
  details: string;
  trusted_flagger?: boolean;
}

/** POST /v3/legal/takedowns/{form}/ (docs/product/logged-out-and-business.md §6). */
export async function submitTakedown(form: TakedownForm, input: TakedownInput) {
  const body = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== ''));
  return (await apiRoute('POST /v3/legal/takedowns/:form/', { params: { form }, body })).data;
}
