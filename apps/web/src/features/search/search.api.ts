import { api, type ApiResult } from '../../lib/api';
import type { ResourceOutput } from '@pinboard/shared/contract';
import type { TypeaheadAnswer, TypeaheadScope } from './typeaheadCache';

type SearchResult = ResourceOutput<'BaseSearchResource', 'get'>[number];
/** What each scope finds, by the `type` of its results. */
const TYPE_OF = { pins: 'pin', my_pins: 'pin', boards: 'board', users: 'user' } as const;
export type SearchResults = { [S in keyof typeof TYPE_OF]: Extract<SearchResult, { type: (typeof TYPE_OF)[S] }> };

export type SearchScope = keyof SearchResults;

export async function fetchSearchPage<S extends SearchScope>(
  query: string,
  scope: S,
  bookmark: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<SearchResults[S][]>> {
  const page = await api.resource('BaseSearchResource', 'get', { query, scope, bookmark: bookmark ?? undefined }, signal);
  const type = TYPE_OF[scope];
  return { ...page, data: page.data.filter((result): result is SearchResults[S] => result.type === type) };
}

const TYPEAHEAD_COUNT = 5;

export async function fetchTypeahead(term: string, scope: TypeaheadScope, signal?: AbortSignal): Promise<TypeaheadAnswer> {
  return (await api.resource('SearchTypeaheadResource', 'get', { term, pin_scope: scope, count: TYPEAHEAD_COUNT }, signal)).data;
}
