import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../lib/messages';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Spinner } from '../../components/Spinner/Spinner';
import { showToast } from '../../components/Toast/toasts';
import { useViewer } from '../session/session.queries';
import { useRedeemInvite } from './invite.queries';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/texts';

/**
 * /invited/?invite_code=…: redeems an invite (follows its owner) and opens
 * their profile. A failed redemption goes home with the server's message.
 */
export function InvitedPage() {
  const [params] = useSearchParams();
  const code = params.get('invite_code') ?? '';
  const navigate = useNavigate();
  const { mutateAsync: redeem } = useRedeemInvite();
  const { data: viewer, isPending } = useViewer();
  const started = useRef(false);
  const signedIn = !!viewer?.isAuth;

  useEffect(() => {
    if (!signedIn || started.current) return;
    started.current = true;
    redeem(code).then(
      (result) => {
        void navigate(`/${result.username}/`, { replace: true });
      },
      (error: unknown) => {
        showToast(isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError, { tone: 'error' });
        void navigate('/', { replace: true });
      },
    );
  }, [signedIn, code, navigate, redeem]);

  if (isPending || signedIn) return <Spinner />;
  return (
    <EmptyState
      headingLevel={1}
      heading={MESSAGES.loginPrompt.follow}
      link={{ to: `/login/?next=${encodeURIComponent(`/invited/?invite_code=${encodeURIComponent(code)}`)}`, label: TEXTS.nav.logIn }}
    >
      {MESSAGES.loginPrompt.subheader}
    </EmptyState>
  );
}
