import type { TBoardTitleSuggestion } from '@pinboard/shared/schemas/pins';
import { api } from '../../lib/api';
import type { Board } from '../boards/boards.api';

/** Boards the viewer can save to, most recently used first; `query` filters from 2 characters. */
export async function fetchPickerBoards(query: string, signal?: AbortSignal, advertiserId?: string) {
  const options = { field_set_key: 'board_picker', filter: 'all' as const, query: query || undefined, advertiser_id: advertiserId };
  return (await api.resource('BoardPickerBoardsResource', 'get', options, signal)).data;
}

/** The top board suggestions for saving a Pin (the most recent boards, then boards named like the Pin). */
export async function fetchShortlist(pinId: string | null, signal?: AbortSignal): Promise<Board[]> {
  const options = { pin_id: pinId ?? undefined, shortlist_length: 2, num_shortlist_suggestions: 2 };
  return (await api.resource('BoardPickerBoardsShortlistResource', 'get', options, signal)).data;
}

/** Names for a new board derived from the Pin being saved (BoardTitleSuggestionsResource; decision 057). */
export async function fetchBoardTitleSuggestions(pinId: string, signal?: AbortSignal): Promise<TBoardTitleSuggestion[]> {
  return (await api.resource('BoardTitleSuggestionsResource', 'get', { pin_id: pinId }, signal)).data;
}
