import { MESSAGES } from '../../../lib/messages';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button } from '../../../components/Button/Button';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import type { PendingBoardInvite } from '../invites.api';
import { useAcceptInvite, useDeleteInvite } from '../invites.queries';
import styles from './BoardInviteCard.module.css';

const failureText = (error: unknown) =>
  isApiError(error) && error.isNotFound ? MESSAGES.boardInvite.invalid : (isApiError(error) && error.fullMessage) || MESSAGES.board.somethingWentWrong;

/**
 * A board invite, shown to its invitee while they have not answered it
 * (docs/product/profiles-and-boards.md §4): Accept adds the board ('You're in! …'), Decline
 * dismisses it ('Invitation declined').
 */
export function BoardInviteCard({ invite }: { invite: PendingBoardInvite }) {
  const accept = useAcceptInvite();
  const decline = useDeleteInvite();
  const busy = accept.isPending || decline.isPending;
  const inviter = invite.invited_by_user ?? { ...invite.board.owner, image_small_url: invite.board.owner.image_medium_url };
  const inviterName = inviter.full_name || inviter.username;
  // The card goes away as soon as the answer lands, so the toasts follow the calls themselves, not the card.
  const onError = (error: unknown) => void showToast(failureText(error), { tone: 'error' });
  return (
    <section className={styles.card} aria-label={TEXTS.collaborators.inviteBanner({ name: inviterName, board: invite.board.name })}>
      <Avatar name={inviterName} imageUrl={inviter.image_small_url} size={48} />
      <p className={styles.text}>{TEXTS.collaborators.inviteBanner({ name: inviterName, board: invite.board.name })}</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          isDisabled={busy}
          onPress={() => decline.mutateAsync({ boardId: invite.board.id }).then(() => showToast(MESSAGES.boardInvite.declined), onError)}
        >
          {TEXTS.collaborators.decline}
        </Button>
        <Button
          variant="primary"
          isDisabled={busy}
          onPress={() => accept.mutateAsync(invite.board.id).then(() => showToast(MESSAGES.boardInvite.accepted), onError)}
        >
          {TEXTS.collaborators.accept}
        </Button>
      </div>
    </section>
  );
}
