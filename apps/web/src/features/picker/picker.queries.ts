import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { actingSubjectId } from '../../lib/actingProfile';
import { useAdAccountOf } from '../boards/boardAds';
import { pickerKeys } from '../boards/boardKeys';
import { fetchBoardTitleSuggestions, fetchPickerBoards, fetchShortlist } from './picker.api';

/**
 * The picker's boards; `query` is sent only from the minimum length on (the caller checks).
 * Acting as a business with an ad account, the picker names the account: its secret boards are
 * hidden (docs/product/profiles-and-boards.md §6; decision 043).
 */
export function usePickerBoards(query: string, { enabled = true }: { enabled?: boolean } = {}) {
  const subject = actingSubjectId();
  const account = useAdAccountOf(subject, enabled && !!subject);
  const advertiserId = account.data?.id;
  return useQuery({
    queryKey: pickerKeys.boards(query, subject ?? '', advertiserId ?? ''),
    queryFn: ({ signal }) => fetchPickerBoards(query, signal, advertiserId),
    placeholderData: keepPreviousData,
    enabled: enabled && (!subject || !account.isPending),
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

/** Board title suggestions for the Pin being saved; asked for only when the viewer has few boards (the caller decides). */
export function useBoardTitleSuggestions(pinId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: pickerKeys.titleSuggestions(pinId),
    queryFn: ({ signal }) => fetchBoardTitleSuggestions(pinId ?? '', signal),
    enabled: enabled && !!pinId,
    staleTime: 60_000,
  });
}
