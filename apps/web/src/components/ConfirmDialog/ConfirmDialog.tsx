import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
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
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy = false,
  error,
  onConfirm,
}: ConfirmDialogProps) {
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

export interface ConfirmActionsProps {
  /** The row's class in the caller's module (its layout stays the caller's). */
  className?: string;
  cancelLabel: string;
  onCancel: () => void;
  /** Cancel takes the focus when the row appears. */
  autoFocusCancel?: boolean;
  confirmLabel: string;
  /** Shown on the confirm button while busy. */
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
}

/** A dialog's Cancel and confirm buttons; both disabled while busy. */
export function ConfirmActions({ className, cancelLabel, onCancel, autoFocusCancel, confirmLabel, busyLabel, busy = false, onConfirm }: ConfirmActionsProps) {
  return (
    <div className={className}>
      <Button variant="secondary" size="large" onPress={onCancel} isDisabled={busy} autoFocus={autoFocusCancel}>
        {cancelLabel}
      </Button>
      <Button variant="primary" size="large" onPress={onConfirm} isDisabled={busy}>
        {busy && busyLabel ? busyLabel : confirmLabel}
      </Button>
    </div>
  );
}
