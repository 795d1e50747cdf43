import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { userKeys } from '../users/users.queries';
import { fetchIdeaPage, fetchTopicCatalogue, fetchUserTopics, setInterests, setTopicFollowed, type IdeaPage, type Topic } from './topics.api';

const topicKeys = {
  all: ['topics'] as const,
  ideaPages: ['topics', 'idea'] as const,
  ideaPage: (slug: string) => ['topics', 'idea', slug] as const,
  userTopics: (username: string) => ['topics', 'user', username.toLowerCase()] as const,
  catalogue: ['topics', 'catalogue'] as const,
};

/** The topics' catalogue (the interests step of sign-up). */
export function useTopicCatalogue() {
  return useQuery({ queryKey: topicKeys.catalogue, queryFn: ({ signal }) => fetchTopicCatalogue(signal), staleTime: Infinity });
}

/** Set the viewer's topics (the interests step of sign-up); their topics and every feed are then out of date. */
export function useSetInterests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (interestIds: string[]) => setInterests(interestIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topicKeys.all }),
  });
}

export function useIdeaPage(slug: string) {
  return useQuery({ queryKey: topicKeys.ideaPage(slug), queryFn: ({ signal }) => fetchIdeaPage(slug, signal) });
}

export function useUserTopics(username: string) {
  return useInfiniteQuery({
    queryKey: topicKeys.userTopics(username),
    queryFn: ({ pageParam, signal }) => fetchUserTopics(username, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.bookmark ?? undefined,
  });
}

type Snapshot = [QueryKey, unknown][];

function flip<T extends Topic>(topic: T, id: string, follow: boolean): T {
  if (topic.id !== id || topic.is_followed === follow) return topic;
  return { ...topic, is_followed: follow, follower_count: Math.max(0, topic.follower_count + (follow ? 1 : -1)) };
}

/**
 * Follow or unfollow a topic, optimistically (docs/product/profiles-and-boards.md §4): every
 * cached idea page flips at once; a failure reverts silently
 * (docs/product/profiles-and-boards.md §8: 'Topic follow failure: silent revert'; docs/product/profiles-and-boards.md §7: errors silenced).
 */
export function useFollowTopic({ viewerUsername }: { viewerUsername: string | null }) {
  const queryClient = useQueryClient();
  return useMutation<Topic, unknown, { topic: Topic; follow: boolean }, { snapshot: Snapshot }>({
    mutationFn: ({ topic, follow }) => setTopicFollowed(topic.id, follow),
    onMutate: async ({ topic, follow }) => {
      await queryClient.cancelQueries({ queryKey: topicKeys.all });
      const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: topicKeys.all });
      queryClient.setQueriesData<IdeaPage>({ queryKey: topicKeys.ideaPages }, (page) =>
        page ? { ...flip(page, topic.id, follow), children: page.children.map((c) => flip(c, topic.id, follow)) } : page,
      );
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: topicKeys.all }),
        // The viewer's following and interest-following counts.
        viewerUsername ? queryClient.invalidateQueries({ queryKey: userKeys.profile(viewerUsername) }) : null,
      ]);
    },
  });
}
