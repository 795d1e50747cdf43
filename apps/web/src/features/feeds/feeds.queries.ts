import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { feedKeys } from '../../lib/feedCache';
import { fetchFeedPage, type FeedSource } from './feeds.api';

export { feedKeys } from '../../lib/feedCache';

export function useFeed(source: FeedSource, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: feedKeys.feed(source),
    queryFn: ({ pageParam, signal }) => fetchFeedPage(source, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
    enabled,
  });
}

/** The first few Pins of a feed, e.g. for a board card's collage. */
export function useFeedPreview(source: FeedSource, size: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: feedKeys.preview(source, size),
    queryFn: async ({ signal }) => (await fetchFeedPage(source, null, signal, size)).data,
    enabled,
    staleTime: 5 * 60_000,
  });
}
