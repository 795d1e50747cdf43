import type { ReactNode } from 'react';
import { ConfirmActions } from './ConfirmActions';
import { FormError } from '../Field/Field';
import { Modal } from '../Modal/Modal';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  cancelLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
}

/** "Are you sure?" before something that cannot be undone; Cancel has the focus. */
export function ConfirmDialog({ isOpen, onOpenChange, title, children, confirmLabel, busyLabel, cancelLabel, busy = false, error, onConfirm }: ConfirmDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={title} isDismissable={!busy}>
      {(close) => (
        <div className={styles.body}>
          {error && <FormError>{error}</FormError>}
          <div className={styles.text}>{children}</div>
          <ConfirmActions
            className={styles.actions}
            cancelLabel={cancelLabel}
            onCancel={close}
            autoFocusCancel
            confirmLabel={confirmLabel}
            busyLabel={busyLabel}
            busy={busy}
            onConfirm={onConfirm}
          />
        </div>
      )}
    </Modal>
  );
}
