import type { Profile } from '../../lib/answers';
import type { QueryClient } from '@tanstack/react-query';
import { userKeys } from './users.queries';

/*
 * The cached profile details (UserResource, features/profile) as following and
 * blocking change them: their key factory and the patch of every cached copy,
 * below both the profile and the social features (profileKeys in
 * features/profile/profile.queries.ts starts with these).
 */

/** The fields of a cached profile that following and blocking change (ProfileDetails has them all). */
export type ProfileRelation = Pick<
  Profile,
  'explicitly_followed_by_me' | 'explicitly_following_me' | 'follower_count' | 'blocked_by_me' | 'should_show_messaging'
>;

export const profileDetailsKeys = {
  details: (username: string, inviteCode: string | null) => [...userKeys.profile(username), 'details', inviteCode ?? ''] as const,
  allDetails: (username: string) => [...userKeys.profile(username), 'details'] as const,
};

/** Changes every cached copy of a profile (with or without an invite code). */
export function patchProfile(queryClient: QueryClient, username: string, patch: (profile: ProfileRelation) => ProfileRelation) {
  queryClient.setQueriesData<ProfileRelation>({ queryKey: profileDetailsKeys.allDetails(username) }, (old) => (old ? patch(old) : old));
}
