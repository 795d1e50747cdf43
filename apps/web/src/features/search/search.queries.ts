import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchSearchPage, type SearchScope } from './search.api';

const searchKeys = {
  all: ['search'] as const,
  results: (query: string, scope: SearchScope) => ['search', scope, query.trim().toLowerCase()] as const,
};

export function useSearchResults<S extends SearchScope>(query: string, scope: S, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(query, scope),
    queryFn: ({ pageParam, signal }) => fetchSearchPage(query.trim(), scope, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.bookmark ?? undefined,
    enabled: enabled && query.trim() !== '',
  });
}
