import { MESSAGES } from '../../lib/messages';
import { Button } from '../../components/Button/Button';
import { Modal } from '../../components/Modal/Modal';
import styles from './CreateMenu.module.css';

/** Shown instead of Pin creation while the pin_creation experiment disables it (docs/product/logged-out-and-business.md §2). */
export function DisabledPublishingModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={MESSAGES.disabledPublishing.heading}>
      {(close) => (
        <>
          <p className={styles.disabledBody}>{MESSAGES.disabledPublishing.body}</p>
          <div className={styles.disabledActions}>
            <Button variant="primary" size="large" onPress={close} autoFocus>
              {MESSAGES.disabledPublishing.dismiss}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
