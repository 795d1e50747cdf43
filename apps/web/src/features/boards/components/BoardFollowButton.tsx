import { useState } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { Button } from '../../../components/Button/Button';
import { LoginPrompt } from '../../../overlays';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { recordUnauthEvent } from '../../../lib/upsell';
import { useSignedInViewer } from '../../session/session.queries';
import type { Board } from '../boards.api';
import { useFollowBoard } from '../boardFollow.queries';

/**
 * Follow / Following for a board that is not the viewer's (decision 089), optimistic; visitors get the login prompt
 * ('Log in to follow' or 'Log in to unfollow', docs/product/profiles-and-boards.md §9). Its name says it is the board's.
 */
export function BoardFollowButton({ board }: { board: Pick<Board, 'id' | 'followed_by_me' | 'is_owner'> }) {
  const viewer = useSignedInViewer();
  const follow = useFollowBoard();
  const [prompt, setPrompt] = useState(false);
  if (board.is_owner) return null;
  const followed = !!viewer && board.followed_by_me;

  const press = () => {
    if (!viewer) {
      recordUnauthEvent('follow_click');
      setPrompt(true);
      return;
    }
    follow.mutate(
      { board, follow: !followed },
      { onError: (error) => showToast(isApiError(error) && error.message ? error.fullMessage : TEXTS.social.followFailed, { tone: 'error' }) },
    );
  };

  return (
    <>
      <Button
        variant={followed ? 'dark' : 'primary'}
        size="large"
        onPress={press}
        aria-label={followed ? TEXTS.boardFollow.following : TEXTS.boardFollow.follow}
      >
        {followed ? TEXTS.social.following : MESSAGES.profile.follow}
      </Button>
      <LoginPrompt isOpen={prompt} onOpenChange={setPrompt} title={followed ? MESSAGES.loginPrompt.unfollow : MESSAGES.loginPrompt.follow} />
    </>
  );
}
