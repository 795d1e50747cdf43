import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { ApiResult } from '../../lib/api';
import { feedKeys } from '../../lib/feedCache';
import type { UserHit } from '../users/users.api';
import { patchProfile, profileDetailsKeys } from '../users/profileCache';
import { userKeys } from '../users/users.queries';
import {
  blockUser,
  fetchFollowList,
  fetchInviteCode,
  followUser,
  unblockUser,
  unfollowUser,
  type FollowDirection,
  type FollowListUser,
  type FollowResult,
} from './social.api';

const socialKeys = {
  followList: (username: string, direction: FollowDirection) => [...userKeys.profile(username), 'follows', direction] as const,
  allFollowLists: ['users'] as const,
  inviteCode: ['social', 'invite-code'] as const,
};

type FollowListData = InfiniteData<ApiResult<FollowListUser[]>, string | null>;

export function useFollowList(username: string, direction: FollowDirection, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: socialKeys.followList(username, direction),
    queryFn: ({ pageParam, signal }) => fetchFollowList(username, direction, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
    enabled,
  });
}

export interface FollowTarget {
  id: string;
  username: string;
}

export interface FollowVariables {
  target: FollowTarget;
  follow: boolean;
  /** A private profile's invite code (from its ?invite_code= link). */
  inviteCode?: string | null;
}

type Snapshot = [QueryKey, unknown][];

/**
 * Follow or unfollow, optimistically (docs/product/profiles-and-boards.md §4): the profile and
 * every list row of the person flip at once and flip back if the call fails.
 */
export function useFollowUser({ viewerUsername }: { viewerUsername: string | null }) {
  const queryClient = useQueryClient();
  return useMutation<FollowResult, unknown, FollowVariables, { snapshot: Snapshot }>({
    mutationFn: ({ target, follow, inviteCode }) => (follow ? followUser(target.id, inviteCode) : unfollowUser(target.id)),
    onMutate: async ({ target, follow }) => {
      const profileKey = profileDetailsKeys.allDetails(target.username);
      await queryClient.cancelQueries({ queryKey: profileKey });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: profileKey }),
        ...queryClient.getQueriesData({ queryKey: socialKeys.allFollowLists, predicate: (query) => query.queryKey.includes('follows') }),
        ...queryClient.getQueriesData({ queryKey: PEOPLE_SEARCH }),
      ];
      patchProfile(queryClient, target.username, (profile) =>
        profile.explicitly_followed_by_me === follow
          ? profile
          : { ...profile, explicitly_followed_by_me: follow, follower_count: Math.max(0, profile.follower_count + (follow ? 1 : -1)) },
      );
      patchFollowRows(queryClient, target.id, (row) => ({ ...row, explicitly_followed_by_me: follow }));
      patchPeopleSearch(queryClient, target.id, (row) => ({ ...row, explicitly_followed_by_me: follow }));
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (result, { target }) => {
      patchProfile(queryClient, target.username, (profile) => ({
        ...profile,
        explicitly_followed_by_me: result.explicitly_followed_by_me,
        follower_count: result.follower_count,
        explicitly_following_me: 'explicitly_following_me' in result ? result.explicitly_following_me : profile.explicitly_following_me,
      }));
      patchFollowRows(queryClient, target.id, (row) => ({
        ...row,
        explicitly_followed_by_me: result.explicitly_followed_by_me,
        follower_count: result.follower_count,
      }));
      patchPeopleSearch(queryClient, target.id, (row) => ({
        ...row,
        explicitly_followed_by_me: result.explicitly_followed_by_me,
        follower_count: result.follower_count,
      }));
    },
    onSettled: async () => {
      await Promise.all([
        // The viewer's own following count and list, and the home feed (it follows the people one follows).
        viewerUsername ? queryClient.invalidateQueries({ queryKey: userKeys.profile(viewerUsername) }) : null,
        queryClient.invalidateQueries({ queryKey: feedKeys.feed({ kind: 'home' }) }),
      ]);
    },
  });
}

function patchFollowRows(queryClient: ReturnType<typeof useQueryClient>, userId: string, patch: (row: FollowListUser) => FollowListUser) {
  queryClient.setQueriesData<FollowListData>({ queryKey: socialKeys.allFollowLists, predicate: (query) => query.queryKey.includes('follows') }, (old) =>
    old && Array.isArray(old.pages)
      ? { ...old, pages: old.pages.map((page) => ({ ...page, data: page.data.map((row) => (row.id === userId ? patch(row) : row)) })) }
      : old,
  );
}

/** People search results (BaseSearchResource, scope users) show the follow state too. */
const PEOPLE_SEARCH = ['search', 'users'] as const;
type PeopleSearchData = InfiniteData<ApiResult<UserHit[]>, string | null>;

function patchPeopleSearch(queryClient: ReturnType<typeof useQueryClient>, userId: string, patch: (row: UserHit) => UserHit) {
  queryClient.setQueriesData<PeopleSearchData>({ queryKey: PEOPLE_SEARCH }, (old) =>
    old && Array.isArray(old.pages)
      ? { ...old, pages: old.pages.map((page) => ({ ...page, data: page.data.map((row) => (row.id === userId ? patch(row) : row)) })) }
      : old,
  );
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: FollowTarget) => blockUser(target.id),
    onSuccess: (_result, target) => {
      // A block ends following both ways.
      patchProfile(queryClient, target.username, (profile) => ({
        ...profile,
        blocked_by_me: true,
        explicitly_followed_by_me: false,
        explicitly_following_me: false,
        should_show_messaging: false,
        follower_count: profile.explicitly_followed_by_me ? Math.max(0, profile.follower_count - 1) : profile.follower_count,
      }));
    },
    onSettled: (_result, _error, target) => queryClient.invalidateQueries({ queryKey: userKeys.profile(target.username) }),
  });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: FollowTarget) => unblockUser(target.id),
    onSuccess: (_result, target) => patchProfile(queryClient, target.username, (profile) => ({ ...profile, blocked_by_me: false })),
    onSettled: (_result, _error, target) => queryClient.invalidateQueries({ queryKey: userKeys.profile(target.username) }),
  });
}

/** The signed-in viewer's invite code for a private profile. */
export function useInviteCode(enabled: boolean) {
  return useQuery({ queryKey: socialKeys.inviteCode, queryFn: ({ signal }) => fetchInviteCode(signal), enabled, staleTime: Infinity });
}
