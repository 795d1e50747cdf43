import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '../../lib/messages';
import { showToast } from '../../components/Toast/toasts';

/**
 * Pages that send people home after a failure (a missing profile) add
 * ?show_error=true: the home page shows an error toast once and drops the
 * flag from the URL.
 */
export function useShowErrorToast() {
  const [params, setParams] = useSearchParams();
  const flagged = params.get('show_error') === 'true';
  const shown = useRef(false);
  useEffect(() => {
    if (!flagged || shown.current) return;
    shown.current = true;
    showToast(MESSAGES.board.notFound, { tone: 'error' });
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.delete('show_error');
        return next;
      },
      { replace: true },
    );
  }, [flagged, setParams]);
}
