import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../components/Toast/toasts';
import { OWNER_MESSAGE_PARAM, ownerMessageToastText } from './ownerMessage';

/**
 * On the owner's own profile, a ?message= flag shows its toast once, then the
 * URL is replaced with /{username}/. Others' visits leave the URL alone.
 */
export function useOwnerMessageToast(owner: { username: string; name: string } | null) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const shown = useRef(false);
  const text = owner ? ownerMessageToastText(params.get(OWNER_MESSAGE_PARAM), owner.name) : null;
  const username = owner?.username ?? null;

  useEffect(() => {
    if (!text || !username || shown.current) return;
    shown.current = true;
    showToast(text);
    void navigate(`/${username}/`, { replace: true });
  }, [text, username, navigate]);
}
