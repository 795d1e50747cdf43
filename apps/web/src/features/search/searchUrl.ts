/**
 * Search page URLs (docs/product/profiles-and-boards.md §5): an empty query goes to the bare
 * search path; a typed query adds the query, a typed-source marker and the
 * scope.
 */

export type SearchPageScope = 'pins' | 'boards' | 'users';

export const SEARCH_SCOPES: readonly SearchPageScope[] = ['pins', 'boards', 'users'];

/** The typed-source marker: rs=typed. */
const TYPED_SOURCE = { param: 'rs', value: 'typed' } as const;

export function parseScope(value: string | null | undefined): SearchPageScope {
  return SEARCH_SCOPES.includes(value as SearchPageScope) ? (value as SearchPageScope) : 'pins';
}

/** Where a typed search goes. */
export function typedSearchUrl(query: string, scope: SearchPageScope = 'pins'): string {
  const q = query.trim();
  if (!q) return '/search/';
  const params = new URLSearchParams({ q, [TYPED_SOURCE.param]: TYPED_SOURCE.value, scope });
  return `/search/?${params.toString()}`;
}

/** The same query in another scope (the tabs), keeping any other parameters. */
export function scopeSearchUrl(current: URLSearchParams, scope: SearchPageScope): string {
  const params = new URLSearchParams(current);
  params.set('scope', scope);
  return `/search/?${params.toString()}`;
}

/** The viewer's own-Pins search (/search/me/). */
export function ownPinsSearchUrl(query: string): string {
  const q = query.trim();
  if (!q) return '/search/me/';
  const params = new URLSearchParams({ q, [TYPED_SOURCE.param]: TYPED_SOURCE.value });
  return `/search/me/?${params.toString()}`;
}
