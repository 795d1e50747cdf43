import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { sessionKeys } from '../session/session.queries';
import type { Viewer } from '../session/session.api';
import { resendVerificationEmail, verifyEmail } from './emailVerification.api';

/**
 * Marks the cached Viewer verified, so that every reminder goes away at once,
 * and reads it again. A read still in flight may predate the verification
 * (on a freshly opened link page it is the first one), so it is cancelled
 * first rather than joined.
 */
function useMarkVerified() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.cancelQueries({ queryKey: sessionKeys.viewer });
    queryClient.setQueryData<Viewer>(sessionKeys.viewer, (viewer) => (viewer?.isAuth ? { ...viewer, email_verified: true } : viewer));
    await queryClient.invalidateQueries({ queryKey: sessionKeys.viewer });
  };
}

export function useResendVerificationEmail() {
  const markVerified = useMarkVerified();
  return useMutation({
    mutationFn: resendVerificationEmail,
    onError: (error) => {
      // Verified meanwhile (in another tab, say): nothing to resend.
      if (isApiError(error) && error.code === ERROR_CODES.CONFLICT.code) void markVerified();
    },
  });
}

export function useVerifyEmail() {
  const markVerified = useMarkVerified();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => markVerified(),
  });
}

export type VerifyOutcome = 'verified' | 'used' | 'expired' | 'invalid' | 'failed';

/** How the verification page reads the answer to a link's token. */
export function verifyOutcome(error: unknown): VerifyOutcome {
  if (!isApiError(error)) return 'failed';
  if (error.code === ERROR_CODES.CONFLICT.code) return 'used';
  if (error.code === ERROR_CODES.VERIFICATION_LINK_EXPIRED.code) return 'expired';
  if (error.code === ERROR_CODES.VERIFICATION_LINK_INVALID.code || error.field === 'token') return 'invalid';
  return 'failed';
}
