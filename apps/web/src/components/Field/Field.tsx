import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Icon } from '../Icon/Icon';
import styles from './Field.module.css';

interface FieldFrame {
  label: string;
  help?: ReactNode;
  error?: string | null;
  hideLabel?: boolean;
}

function useFieldIds(error: string | null | undefined, help: ReactNode) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', help ? helpId : ''].filter(Boolean).join(' ') || undefined;
  return { id, helpId, errorId, describedBy };
}

function Frame({
  id,
  label,
  hideLabel,
  help,
  helpId,
  error,
  errorId,
  children,
}: FieldFrame & { id: string; helpId: string; errorId: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </p>
      ) : null}
      {help ? (
        <p id={helpId} className={styles.help}>
          {help}
        </p>
      ) : null}
    </div>
  );
}

export type TextInputProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function TextInput({ label, help, error, hideLabel, className, ...input }: TextInputProps) {
  const ids = useFieldIds(error, help);
  return (
    <Frame {...ids} label={label} help={help} error={error} hideLabel={hideLabel}>
      <input
        {...input}
        id={ids.id}
        className={[styles.input, className ?? ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
    </Frame>
  );
}

export type TextAreaProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextArea({ label, help, error, hideLabel, className, ...textarea }: TextAreaProps) {
  const ids = useFieldIds(error, help);
  return (
    <Frame {...ids} label={label} help={help} error={error} hideLabel={hideLabel}>
      <textarea
        {...textarea}
        id={ids.id}
        className={[styles.input, className ?? ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
    </Frame>
  );
}

export type SelectProps = FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>;

export function Select({ label, help, error, hideLabel, className, children, ...select }: SelectProps) {
  const ids = useFieldIds(error, help);
  return (
    <Frame {...ids} label={label} help={help} error={error} hideLabel={hideLabel}>
      <select
        {...select}
        id={ids.id}
        className={[styles.input, className ?? ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      >
        {children}
      </select>
    </Frame>
  );
}

export function Checkbox({ label, help, ...input }: { label: string; help?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  return (
    <label className={styles.checkbox} htmlFor={id}>
      <input {...input} id={id} type="checkbox" aria-describedby={help ? `${id}-help` : undefined} />
      <span className={styles.checkboxText}>
        <span className={styles.checkboxLabel}>{label}</span>
        {help && (
          <span id={`${id}-help`} className={styles.help} style={{ paddingLeft: 0 }}>
            {help}
          </span>
        )}
      </span>
    </label>
  );
}

/** An error about the whole form (e.g. from the server), announced when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <div className={styles.formError} role="alert">
      <Icon name="alert" size={18} />
      <span>{children}</span>
    </div>
  );
}
