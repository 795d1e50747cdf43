/**
 * Search page URLs (docs/product/profiles-and-boards.md §5): an empty query goes to the bare
 * search path; a typed query adds the query, a typed-source marker and the
 * scope. Pinterest's paths name the kind of result: /search/pins/, /search/boards/,
 * /search/users/ (decision 084), with the Pin filters and colour as parameters.
 */

export type SearchPageScope = 'pins' | 'boards' | 'users';

const SEARCH_SCOPES: readonly SearchPageScope[] = ['pins', 'boards', 'users'];

/** The filter chips: what a search looks through (SearchResource's scopes). */
export type SearchFilter = 'pins' | 'my_pins' | 'videos' | 'idea_pins' | 'boards' | 'users';

export const SEARCH_FILTERS: readonly SearchFilter[] = ['pins', 'my_pins', 'videos', 'idea_pins', 'boards', 'users'];

const PIN_FILTERS: readonly SearchFilter[] = ['my_pins', 'videos', 'idea_pins'];

/** The typed-source marker: rs=typed. */
const TYPED_SOURCE = { param: 'rs', value: 'typed' } as const;

export function parseScope(value: string | null | undefined): SearchPageScope {
  return SEARCH_SCOPES.includes(value as SearchPageScope) ? (value as SearchPageScope) : 'pins';
}

/** The filter of a search page: its path's kind (/search/boards/), else its `scope` parameter. */
export function parseFilter(pathname: string, params: URLSearchParams): SearchFilter {
  const kind = /^\/search\/(pins|boards|users)\/?$/.exec(pathname)?.[1];
  const scope = params.get('scope');
  if (kind === 'boards' || kind === 'users') return kind;
  if (PIN_FILTERS.includes(scope as SearchFilter)) return scope as SearchFilter;
  return kind ? 'pins' : parseScope(scope);
}

/** A #rrggbb colour parameter, or null. */
export function parseColor(value: string | null): string | null {
  return value && /^#?[0-9a-f]{6}$/i.test(value) ? (value.startsWith('#') ? value : `#${value}`).toLowerCase() : null;
}

/** The results page of a query in a filter, with a colour for Pins: /search/pins/?q=…&scope=videos&color=… */
export function filteredSearchUrl(query: string, filter: SearchFilter, color: string | null = null): string {
  const kind = filter === 'boards' || filter === 'users' ? filter : 'pins';
  const params = new URLSearchParams({ q: query.trim() });
  if (PIN_FILTERS.includes(filter)) params.set('scope', filter);
  if (color && kind === 'pins') params.set('color', color);
  return `/search/${kind}/?${params.toString()}`;
}

/** Where a typed search goes. */
export function typedSearchUrl(query: string, scope: SearchPageScope = 'pins'): string {
  const q = query.trim();
  if (!q) return '/search/';
  const params = new URLSearchParams({ q, [TYPED_SOURCE.param]: TYPED_SOURCE.value, scope });
  return `/search/?${params.toString()}`;
}

/** The viewer's own-Pins search (/search/me/). */
export function ownPinsSearchUrl(query: string): string {
  const q = query.trim();
  if (!q) return '/search/me/';
  const params = new URLSearchParams({ q, [TYPED_SOURCE.param]: TYPED_SOURCE.value });
  return `/search/me/?${params.toString()}`;
}
