/**
 * Running campaigns that promote a board's Pins (BoardAdsResource; 0 for
 * anyone but its owner): the board form asks before making such a board
 * secret. Only the board form reads it, so it is not in the first download.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { boardKeys } from './boardKeys';

export async function fetchBoardAds(boardId: string, signal?: AbortSignal): Promise<{ active_campaigns: number }> {
  return (await api.get<{ active_campaigns: number }>('BoardAdsResource', { board_id: boardId }, signal)).data;
}

export function useBoardAds(boardId: string, enabled: boolean) {
  return useQuery({ queryKey: boardKeys.ads(boardId), queryFn: ({ signal }) => fetchBoardAds(boardId, signal), enabled });
}
