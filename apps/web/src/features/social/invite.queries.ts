import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../users/users.queries';
import { redeemInviteCode } from './social.api';

/**
 * Redeeming a private profile's invite (following its owner). Every cached
 * person is refreshed before the mutation settles, so the owner's profile
 * opens with the follow in place. Apart from social.queries.ts, which every
 * profile loads, so that only /invited/ downloads it.
 */
export function useRedeemInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => redeemInviteCode(code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
