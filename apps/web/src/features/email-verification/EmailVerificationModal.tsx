import { MESSAGES } from '../../lib/messages';
import { Modal } from '../../components/Modal/Modal';
import { TEXTS } from '../../lib/allTexts';
import { ResendEmailButton } from './ResendEmailButton';
import styles from './EmailVerification.module.css';

/** The spec's email verification modal: verify through the inbox, or have the link sent again. */
export function EmailVerificationModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={MESSAGES.emailVerification.title}>
      <div className={styles.modalBody}>
        <p>{TEXTS.emailVerification.modalBody}</p>
        <p className={styles.help}>{TEXTS.emailVerification.modalHelp}</p>
        <ResendEmailButton />
      </div>
    </Modal>
  );
}
