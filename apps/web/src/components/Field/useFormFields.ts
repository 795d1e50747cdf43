import { useState, type ChangeEvent } from 'react';
import { isApiError } from '../../lib/api';

/**
 * A form's text fields: their values, their errors and the form's own error.
 * `field(name)` gives a `TextInput` its name, value, error and an onChange that
 * clears that field's error and the form's error as the value changes.
 */
export function useFormFields<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
      setFormError(null);
    },
  });

  /** A server error: on its field when it names one of `fields`, else `formMessage` for the whole form. */
  const showServerError = (error: unknown, fields: readonly F[], formMessage: string) => {
    if (isApiError(error) && error.field && (fields as readonly string[]).includes(error.field)) {
      setErrors({ [error.field]: error.message } as Partial<Record<F, string>>);
    } else {
      setFormError(formMessage);
    }
  };

  return { values, setValues, errors, setErrors, formError, field, showServerError };
}
