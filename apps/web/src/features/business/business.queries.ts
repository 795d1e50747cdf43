import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { confirmMfa, disableMfa, fetchBusinessMembers, fetchBusinessProfiles, fetchMfaStatus, grantAccess, revokeAccess, startMfa } from './business.api';
import { businessKeys } from './businessKeys';

export function useBusinessProfiles(enabled = true) {
  return useQuery({ queryKey: businessKeys.profiles, queryFn: ({ signal }) => fetchBusinessProfiles(signal), enabled, staleTime: 60_000 });
}

export function useBusinessMembers(businessId: string | null) {
  return useQuery({
    queryKey: businessKeys.members(businessId ?? ''),
    queryFn: ({ signal }) => fetchBusinessMembers(businessId!, signal),
    enabled: !!businessId,
    retry: false,
  });
}

export function useGrantAccess(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.members(businessId) }),
  });
}

export function useRevokeAccess(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.members(businessId) }),
  });
}

export function useMfaStatus() {
  return useQuery({ queryKey: businessKeys.mfa, queryFn: ({ signal }) => fetchMfaStatus(signal) });
}

export function useStartMfa() {
  return useMutation({ mutationFn: startMfa });
}

/** Confirming or turning off changes whether acting for a business is honoured: the profiles are read again. */
export function useConfirmMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMfa,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: businessKeys.mfa }), queryClient.invalidateQueries({ queryKey: businessKeys.profiles })]);
    },
  });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: businessKeys.mfa }), queryClient.invalidateQueries({ queryKey: businessKeys.profiles })]);
    },
  });
}
