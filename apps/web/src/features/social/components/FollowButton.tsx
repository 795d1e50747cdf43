import { useState } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { Button, type ButtonSize } from '../../../components/Button/Button';
import { LoginPrompt } from '../../../overlays';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/texts';
import { useSignedInViewer } from '../../session/session.queries';
import { useFollowUser, type FollowTarget } from '../social.queries';
import { recordUnauthEvent } from '../../../lib/upsell';

export interface FollowButtonProps {
  target: FollowTarget & { name: string };
  followed: boolean;
  /** A private profile's invite code: needed to follow it. */
  inviteCode?: string | null;
  size?: ButtonSize;
  onFollowed?: (result: { explicitly_following_me?: boolean | undefined }) => void;
  /** A failed follow (e.g. an invite code that no longer works); the default shows a toast. */
  onFailed?: (error: unknown) => void;
}

/**
 * Follow / Following, optimistic. Visitors get the login prompt ('Log in to
 * follow' or 'Log in to unfollow').
 */
export function FollowButton({ target, followed, inviteCode, size = 'large', onFollowed, onFailed }: FollowButtonProps) {
  const viewer = useSignedInViewer();
  const follow = useFollowUser({ viewerUsername: viewer?.username ?? null });
  const [prompt, setPrompt] = useState(false);
  const label = followed ? TEXTS.social.following : MESSAGES.profile.follow;

  const press = () => {
    if (!viewer) {
      recordUnauthEvent('follow_click');
      setPrompt(true);
      return;
    }
    const willFollow = !followed;
    follow.mutate(
      { target, follow: willFollow, inviteCode },
      {
        onSuccess: (result) => {
          // Following answers whether they follow back (UserFollowResource create).
          if ('explicitly_following_me' in result) onFollowed?.(result);
        },
        onError: (error) => {
          if (onFailed) onFailed(error);
          else showToast(isApiError(error) && error.message ? error.fullMessage : TEXTS.social.followFailed, { tone: 'error' });
        },
      },
    );
  };

  return (
    <>
      <Button variant={followed ? 'dark' : 'primary'} size={size} onPress={press}>
        {label}
      </Button>
      <LoginPrompt isOpen={prompt} onOpenChange={setPrompt} title={followed ? MESSAGES.loginPrompt.unfollow : MESSAGES.loginPrompt.follow} />
    </>
  );
}
