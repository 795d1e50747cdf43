import type { ResourceOutput } from '@pinboard/shared/contract';
/**
 * Running campaigns that promote a board's Pins (BoardAdsResource; 0 for
 * anyone but its owner): the board form asks before making such a board
 * secret. The board form reads it, and the picker the acting business's ad account.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { boardKeys } from './boardKeys';

async function fetchBoardAds(boardId: string, signal?: AbortSignal) {
  return (await api.resource('BoardAdsResource', 'get', { board_id: boardId }, signal)).data;
}

export function useBoardAds(boardId: string, enabled: boolean) {
  return useQuery({ queryKey: boardKeys.ads(boardId), queryFn: ({ signal }) => fetchBoardAds(boardId, signal), enabled });
}

/** An ad account as the board form needs it: whose it is and the viewer's role on it (AdvertiserResource get). */
export type BoardAdAccount = ResourceOutput<'AdvertiserResource', 'get'>[number];

/** The ad account of the business owning a board (or making one), when the viewer has a role on it; null otherwise. */
export function useAdAccountOf(ownerId: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: boardKeys.adAccounts,
    queryFn: async ({ signal }) => (await api.resource('AdvertiserResource', 'get', {}, signal)).data,
    enabled: enabled && !!ownerId,
    staleTime: 60_000,
    select: (accounts) => accounts.find((a) => a.owner_user_id === ownerId) ?? null,
  });
}

/**
 * The privacy controls of the board form on an ad account
 * (docs/product/profiles-and-boards.md §4, §6; decision 043). Without one: the secret toggle. On one: the protected
 * toggle ('Protected board (not listed on user's profile)'), which only the
 * account's owner and a profile publisher may change; on a new board only the
 * owner chooses, others get protected. The secret toggle stays for the owner,
 * who alone may make such a board secret (and is asked first when ads run).
 */
export function boardPrivacyControls(account: Pick<BoardAdAccount, 'role'> | null | undefined, mode: 'create' | 'edit') {
  if (!account) return { protectedToggle: false, protectedEnabled: false, forcedProtected: false, secretToggle: true };
  const owner = account.role === 'OWNER';
  return {
    protectedToggle: true,
    protectedEnabled: mode === 'create' ? owner : owner || account.role === 'PROFILE_PUBLISHER',
    forcedProtected: mode === 'create' && !owner,
    secretToggle: owner,
  };
}
