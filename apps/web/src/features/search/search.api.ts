import { api } from '../../lib/api';
import { getLocale } from '../../lib/i18n';
import type { ResourceOutput } from '@pinboard/shared/contract';
import type { TypeaheadAnswer, TypeaheadScope } from './typeaheadCache';

type SearchAnswer = ResourceOutput<'SearchResource', 'get'>;
type SearchResult = SearchAnswer['data'][number];
/** What each scope finds, by the `type` of its results. */
const TYPE_OF = { pins: 'pin', my_pins: 'pin', videos: 'pin', idea_pins: 'pin', boards: 'board', users: 'user' } as const;
export type SearchResults = { [S in keyof typeof TYPE_OF]: Extract<SearchResult, { type: (typeof TYPE_OF)[S] }> };

export type SearchScope = keyof SearchResults;

/** One page of results, and a corrected query when the typed one found nothing (decision 084). */
export interface SearchPageAnswer<S extends SearchScope> extends Omit<SearchAnswer, 'data'> {
  data: SearchResults[S][];
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
  const page = (await api.resource('SearchResource', 'get', options, signal)).data;
  const type = TYPE_OF[scope];
  return { ...page, data: page.data.filter((result): result is SearchResults[S] => result.type === type) };
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
  return (await api.resource('SearchTypeaheadResource', 'get', { term, pin_scope: scope, count: TYPEAHEAD_COUNT }, signal)).data;
}
