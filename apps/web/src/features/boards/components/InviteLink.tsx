import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '../../../lib/messages';
import { LoginPrompt } from '../../../overlays';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { useViewer } from '../../session/session.queries';
import type { Board } from '../boards.api';
import { ACCEPT_INVITE_PARAM, inviteLoginTitle, inviteReturnPath, SEAMLESS_PARAM } from '../inviteLink';
import { inviteKeys, useInviteLinkPreview, useRedeemInviteLink } from '../invites.queries';

/**
 * A board address opened with `accept_invite` (a mailed invite link, decision
 * 013). Signed out: the login prompt, titled with the inviter's first name.
 * Signed in: once the board's read has settled (`ready`), the link is redeemed once; with `seamless` (back from the
 * prompt) the person joins at once, otherwise the invite card shows with
 * Accept and Decline. Either way the params then leave the address.
 */
export function InviteLink({ board, ready, username, slug }: { board: Board | null; ready: boolean; username: string; slug: string }) {
  const viewer = useViewer();
  const [params] = useSearchParams();
  const token = params.get(ACCEPT_INVITE_PARAM);
  if (!token || !viewer.data) return null;
  if (!viewer.data.isAuth) return <InviteLoginPrompt token={token} />;
  // Redeem once the board's read has settled, so that the people already on it are known.
  if (!ready) return null;
  return <RedeemInviteLink token={token} seamless={params.get(SEAMLESS_PARAM) === 'true'} board={board} username={username} slug={slug} />;
}

function InviteLoginPrompt({ token }: { token: string }) {
  const { pathname } = useLocation();
  const preview = useInviteLinkPreview(token);
  const [open, setOpen] = useState(true);
  // Wait for the inviter's name rather than change the title under the reader's eyes.
  if (preview.isPending) return null;
  return (
    <LoginPrompt
      isOpen={open}
      onOpenChange={setOpen}
      title={inviteLoginTitle(preview.data?.invited_by_user.first_name)}
      next={inviteReturnPath(pathname, token)}
    />
  );
}

function RedeemInviteLink({
  token,
  seamless,
  board,
  username,
  slug,
}: {
  token: string;
  seamless: boolean;
  board: Board | null;
  username: string;
  slug: string;
}) {
  const redeem = useRedeemInviteLink();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const started = useRef(false);
  const onBoard = !!board && (!!board.is_owner || !!board.collaborated_by_me);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const leave = (url: string) => void navigate(url, { replace: true });
    // Already on the board: nothing to redeem, and the link stays for whoever it was meant for.
    if (onBoard) return leave(pathname);
    redeem.mutateAsync({ token, seamless }).then(
      (result) => {
        if (result.status === 'accepted') {
          if (seamless) showToast(MESSAGES.boardInvite.accepted);
          leave(result.board.url);
        } else {
          leave(result.invite.board.url);
        }
      },
      (error: unknown) => {
        // A used or expired link says so, unless the person has an invite to this board anyway (its card is the answer).
        const hasInvite = !!board?.viewer_invite || !!queryClient.getQueryData(inviteKeys.byPath(username, slug));
        if (!hasInvite) {
          const text =
            isApiError(error) && error.isNotFound
              ? MESSAGES.boardInvite.invalid
              : (isApiError(error) && error.fullMessage) || MESSAGES.board.somethingWentWrong;
          showToast(text, { tone: 'error' });
        }
        leave(pathname);
      },
    );
  }, [board, navigate, onBoard, pathname, queryClient, redeem, seamless, slug, token, username]);

  return null;
}
