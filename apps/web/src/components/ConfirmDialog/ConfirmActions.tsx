import { Button } from '../Button/Button';

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
