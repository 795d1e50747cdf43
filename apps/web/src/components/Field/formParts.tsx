import type { ReactNode } from 'react';
import { Button } from '../Button/Button';

/** A controlled text field's `value` and `onChange`, from a string state and its setter. */
export function bindText(value: string, set: (value: string) => void) {
  return { value, onChange: (event: { target: { value: string } }) => set(event.target.value) };
}

/** A form's closing buttons: an optional way out (a cancel button or link) and its large primary submit, disabled while it is sent. */
export function FormActions({ className, cancel, pending, children }: { className?: string; cancel?: ReactNode; pending: boolean; children: ReactNode }) {
  return (
    <div className={className}>
      {cancel}
      <SubmitButton pending={pending}>{children}</SubmitButton>
    </div>
  );
}

/** A form's large primary submit button, disabled while the form is sent. */
export function SubmitButton({ pending, variant = 'primary', children }: { pending: boolean; variant?: 'primary' | 'secondary'; children: ReactNode }) {
  return (
    <Button type="submit" variant={variant} size="large" isDisabled={pending}>
      {children}
    </Button>
  );
}

/** A form's large secondary cancel button, disabled while the form is sent. */
export function CancelButton({ onPress, pending, children }: { onPress: () => void; pending?: boolean; children: ReactNode }) {
  return (
    <Button variant="secondary" size="large" onPress={onPress} isDisabled={pending}>
      {children}
    </Button>
  );
}
