import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import { Button } from '../../../components/Button/Button';
import { Modal } from '../../../components/Modal/Modal';
import { TEXTS } from '../../../lib/allTexts';
import styles from './CommentsOffEducationModal.module.css';

/** Where the comments setting is. */
export const COMMENTS_SETTINGS_PATH = '/settings/permissions/';

const seenKey = (userId: string) => `pinboard.commentsOffEducation.${userId}`;

function seen(userId: string): boolean {
  try {
    return window.localStorage.getItem(seenKey(userId)) === '1';
  } catch {
    return false;
  }
}

function markSeen(userId: string) {
  try {
    window.localStorage.setItem(seenKey(userId), '1');
  } catch {
    // Private browsing without storage: the modal may show again next visit.
  }
}

export interface CommentsOffEducationModalProps {
  /**
   * The condition of docs/product/profiles-and-boards.md §4: a signed-in owner with published
   * Pins whose comments default to off, on the main, created or saved tab.
   */
  eligible: boolean;
  userId: string;
}

/**
 * The comments-turned-off education (docs/product/profiles-and-boards.md §2): 'Comments are
 * turned off' with 'Open settings'. It opens once per person and browser;
 * closing it in any way counts as seen.
 */
export function CommentsOffEducationModal({ eligible, userId }: CommentsOffEducationModalProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => eligible && !seen(userId));
  const [wasEligible, setWasEligible] = useState(eligible);
  if (eligible !== wasEligible) {
    setWasEligible(eligible);
    if (eligible && !seen(userId)) setOpen(true);
  }
  const close = () => {
    markSeen(userId);
    setOpen(false);
  };

  return (
    <Modal
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      title={MESSAGES.profile.commentsOff}
    >
      <div className={styles.body}>
        <p className={styles.text}>{TEXTS.comments.educationBody}</p>
        <div className={styles.actions}>
          <Button onPress={close}>{TEXTS.comments.educationDismiss}</Button>
          <Button
            variant="primary"
            onPress={() => {
              close();
              void navigate(COMMENTS_SETTINGS_PATH);
            }}
          >
            {MESSAGES.profile.openSettings}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
