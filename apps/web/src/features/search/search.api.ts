import { api } from '../../lib/api';
import { getLocale } from '../../lib/i18n';
import type { Board } from '../boards/boards.api';
import type { Pin } from '../pins/pins.api';
import type { TypeaheadAnswer, TypeaheadScope } from './typeaheadCache';
import type { UserHit } from '../users/users.api';

export interface SearchResults {
  pins: Pin;
  my_pins: Pin;
  videos: Pin;
  idea_pins: Pin;
  boards: Board;
  users: UserHit;
}

export type SearchScope = keyof SearchResults;

/** One page of results, and a corrected query when the typed one found nothing (decision 084). */
export interface SearchPageAnswer<S extends SearchScope> {
  data: SearchResults[S][];
  bookmark: string | null;
  did_you_mean?: string;
}

/** SearchResource: the query read in the page's language; `color` a #rrggbb. */
export async function fetchSearchPage<S extends SearchScope>(
  query: string,
  scope: S,
  color: string | null,
  bookmark: string | null,
  signal?: AbortSignal,
): Promise<SearchPageAnswer<S>> {
  const options = { query, scope, locale: getLocale(), color: color ?? undefined, bookmark: bookmark ?? undefined };
  return (await api.resource('SearchResource', 'get', options, signal)).data as unknown as SearchPageAnswer<S>;
}

/** SearchSuggestionsResource with an empty query: the viewer's recent searches and trending ones. */
export async function fetchEmptyBoxSuggestions(signal?: AbortSignal) {
  const answer = (await api.resource('SearchSuggestionsResource', 'get', { query: '' }, signal)).data;
  return 'recent' in answer ? answer : { recent: [], trending: [] };
}

export function clearRecentSearches() {
  return api.resource('RecentSearchesResource', 'delete', {});
}

const TYPEAHEAD_COUNT = 5;

export async function fetchTypeahead(term: string, scope: TypeaheadScope, signal?: AbortSignal): Promise<TypeaheadAnswer> {
  return (await api.get<TypeaheadAnswer>('SearchTypeaheadResource', { term, pin_scope: scope, count: TYPEAHEAD_COUNT }, signal)).data;
}
