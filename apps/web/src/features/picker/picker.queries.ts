import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pickerKeys } from '../boards/boardKeys';
import { fetchPickerBoards, fetchShortlist } from './picker.api';

/** The picker's boards; `query` is sent only from the minimum length on (the caller checks). */
export function usePickerBoards(query: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: pickerKeys.boards(query),
    queryFn: ({ signal }) => fetchPickerBoards(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Top suggestions for saving a Pin; without a Pin, the most recently used boards. */
export function useShortlist(pinId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: pickerKeys.shortlist(pinId),
    queryFn: ({ signal }) => fetchShortlist(pinId, signal),
    enabled,
  });
}
