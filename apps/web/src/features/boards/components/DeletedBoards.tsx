import { useId } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { Button } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/ownerTexts';
import { useDeletedBoards, useRestoreBoard } from '../deletedBoards.queries';
import styles from './DeletedBoards.module.css';

/** The owner's deleted boards that can still be restored, each with its days left and Restore. */
export function DeletedBoards() {
  const deleted = useDeletedBoards(true);
  const restore = useRestoreBoard();
  const headingId = useId();
  const list = deleted.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {TEXTS.deletedBoards.heading}
      </h2>
      <ul className={styles.list}>
        {list.map((board) => {
          const busy = restore.isPending && restore.variables === board.id;
          return (
            <li key={board.id} className={styles.row}>
              <span className={styles.icon} aria-hidden="true">
                <Icon name="trash" size={20} />
              </span>
              <span className={styles.text}>
                <span className={styles.name}>{board.name}</span>
                <span className={styles.meta}>
                  {TEXTS.deletedBoards.pins({ n: board.pin_count })} · {TEXTS.deletedBoards.daysLeft({ n: board.days_left })}
                </span>
              </span>
              <Button
                variant="secondary"
                size="small"
                aria-label={`${TEXTS.deletedBoards.restore} ${board.name}`}
                isDisabled={restore.isPending}
                onPress={() =>
                  restore.mutate(board.id, {
                    onSuccess: (restored) => showToast(TEXTS.deletedBoards.restored({ name: restored.name })),
                    onError: (error) =>
                      showToast(isApiError(error) && error.fullMessage ? error.fullMessage : MESSAGES.board.somethingWentWrong, { tone: 'error' }),
                  })
                }
              >
                <Icon name="restore" size={16} />
                {busy ? TEXTS.deletedBoards.restoring : TEXTS.deletedBoards.restore}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
