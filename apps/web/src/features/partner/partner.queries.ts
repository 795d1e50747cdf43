import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedKeys } from '../feeds/feeds.queries';
import { sessionKeys } from '../session/session.queries';
import { userKeys } from '../users/users.queries';
import {
  claimWebsite,
  fetchTried,
  fetchVerifiedMerchant,
  fetchWebsiteClaim,
  removeCover,
  setBusinessAccount,
  setTried,
  updateBadgeSelection,
  updatePartnerProfile,
  uploadCover,
  type BadgeSelection,
  type PartnerUpdate,
} from './partner.api';
import { partnerKeys } from './partnerKeys';

export function useVerifiedMerchant(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: partnerKeys.merchant(userId), queryFn: ({ signal }) => fetchVerifiedMerchant(userId, signal), enabled });
}

/** Saves the badge selection, then refreshes the merchant and the profile that shows the badges. */
export function useUpdateBadges(userId: string, username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selection: BadgeSelection) => updateBadgeSelection(userId, selection),
    onSuccess: async (merchant) => {
      queryClient.setQueryData(partnerKeys.merchant(userId), merchant);
      await queryClient.invalidateQueries({ queryKey: userKeys.profile(username) });
    },
  });
}

/** Any change to the viewer's own business settings refreshes their profile. */
function useOwnProfileRefresh(username: string) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.profile(username) }),
      queryClient.invalidateQueries({ queryKey: partnerKeys.websiteClaim }),
    ]);
  };
}

export function useUpdatePartnerProfile(username: string) {
  const refresh = useOwnProfileRefresh(username);
  return useMutation({ mutationFn: (update: PartnerUpdate) => updatePartnerProfile(update), onSuccess: refresh });
}

export function useSetBusinessAccount(username: string) {
  const queryClient = useQueryClient();
  const refresh = useOwnProfileRefresh(username);
  return useMutation({
    mutationFn: (isBusiness: boolean) => setBusinessAccount(isBusiness),
    onSuccess: async () => {
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: sessionKeys.all })]);
    },
  });
}

export function useCoverUpload(username: string) {
  const refresh = useOwnProfileRefresh(username);
  return useMutation({ mutationFn: (file: Blob) => uploadCover(file), onSuccess: refresh });
}

export function useCoverRemove(username: string) {
  const refresh = useOwnProfileRefresh(username);
  return useMutation({ mutationFn: () => removeCover(), onSuccess: refresh });
}

export function useWebsiteClaim({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: partnerKeys.websiteClaim, queryFn: ({ signal }) => fetchWebsiteClaim(signal), enabled });
}

export function useClaimWebsite(username: string) {
  const queryClient = useQueryClient();
  const refresh = useOwnProfileRefresh(username);
  return useMutation({
    mutationFn: () => claimWebsite(),
    onSuccess: async (claim) => {
      queryClient.setQueryData(partnerKeys.websiteClaim, claim);
      await refresh();
    },
  });
}

export function useTried(pinId: string) {
  return useQuery({ queryKey: partnerKeys.tried(pinId), queryFn: ({ signal }) => fetchTried(pinId, signal) });
}

/** Marks or unmarks a Pin as tried; the viewer's Tried tab and profile tabs refresh. */
export function useSetTried(pinId: string, viewerUsername: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tried: boolean) => setTried(pinId, tried),
    onSuccess: async (state) => {
      queryClient.setQueryData(partnerKeys.tried(pinId), state);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: feedKeys.ofKind('tried') }),
        viewerUsername ? queryClient.invalidateQueries({ queryKey: userKeys.profile(viewerUsername) }) : Promise.resolve(),
      ]);
    },
  });
}
