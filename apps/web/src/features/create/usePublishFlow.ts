import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../components/Toast/toasts';
import { isApiError } from '../../lib/api';
import { MESSAGES } from '../../lib/messages';
import type { Pin } from '../pins/pins.api';

/** An API call's failure as a form shows it: the server's message, else `fallback`. */
export const apiErrorText = (error: unknown, fallback: string = MESSAGES.board.somethingWentWrong) =>
  isApiError(error) && error.fullMessage ? error.fullMessage : fallback;

/**
 * The steps the Pin-making pages share around their own checks (the server's
 * side of it: decision 082): whether the form was sent (to show every field's
 * error), the form's error, and what follows a publish: on success a toast
 * with the Pin's thumbnail and the Pin's page, on failure the reason in the form.
 */
export function usePublishFlow(fallbackError?: string) {
  const navigate = useNavigate();
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  /** A mutation's callbacks for one publish: `toast` on success (after `then`), the Pin opened (`replace`: in place of this page). */
  const outcome = (toast: string, options: { replace?: boolean; then?: () => void } = {}) => ({
    onSuccess: (pin: Pin) => {
      options.then?.();
      showToast(toast, { thumbnailUrl: pin.images['236x']?.url });
      const to = `/pin/${pin.id}/`;
      void (options.replace ? navigate(to, { replace: true }) : navigate(to));
    },
    onError: (error: unknown) => setFormError(apiErrorText(error, fallbackError)),
  });

  return { submitted, setSubmitted, formError, setFormError, outcome };
}
