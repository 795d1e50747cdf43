import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearRecentSearches, fetchEmptyBoxSuggestions, fetchSearchPage, type SearchScope } from './search.api';

const searchKeys = {
  all: ['search'] as const,
  results: (query: string, scope: SearchScope, color: string | null) => ['search', scope, query.trim().toLowerCase(), color ?? ''] as const,
  emptyBox: ['search', 'suggestions', ''] as const,
};

export function useSearchResults<S extends SearchScope>(
  query: string,
  scope: S,
  { enabled = true, color = null }: { enabled?: boolean; color?: string | null } = {},
) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(query, scope, color),
    queryFn: ({ pageParam, signal }) => fetchSearchPage(query.trim(), scope, color, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
    enabled: enabled && query.trim() !== '',
  });
}

/** The empty box's suggestions: recent searches and trending ones (decision 084). */
export function useEmptyBoxSuggestions() {
  return useQuery({ queryKey: searchKeys.emptyBox, queryFn: ({ signal }) => fetchEmptyBoxSuggestions(signal), staleTime: 30_000 });
}

export function useClearRecentSearches() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearRecentSearches,
    onSuccess: () => void client.invalidateQueries({ queryKey: searchKeys.emptyBox }),
  });
}
