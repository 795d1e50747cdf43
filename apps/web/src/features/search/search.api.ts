import { api, type ApiResult } from '../../lib/api';
import type { Board } from '../boards/boards.api';
import type { Pin } from '../pins/pins.api';
import type { TypeaheadAnswer, TypeaheadScope } from './typeaheadCache';
import type { UserHit } from '../users/users.api';

export interface SearchResults {
  pins: Pin;
  my_pins: Pin;
  boards: Board;
  users: UserHit;
}

export type SearchScope = keyof SearchResults;

export function fetchSearchPage<S extends SearchScope>(
  query: string,
  scope: S,
  bookmark: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<SearchResults[S][]>> {
  return api.get<SearchResults[S][]>('BaseSearchResource', { query, scope, bookmark: bookmark ?? undefined }, signal);
}

const TYPEAHEAD_COUNT = 5;

export async function fetchTypeahead(term: string, scope: TypeaheadScope, signal?: AbortSignal): Promise<TypeaheadAnswer> {
  return (await api.get<TypeaheadAnswer>('SearchTypeaheadResource', { term, pin_scope: scope, count: TYPEAHEAD_COUNT }, signal)).data;
}
