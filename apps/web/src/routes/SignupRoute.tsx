import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { zRegister } from '@pinboard/shared/schemas/users';
import { isValidEmail } from '@pinboard/shared/text/email';
import { Button } from '../components/Button/Button';
import { FormError, TextInput } from '../components/Field/Field';
import { LogoMark } from '../components/Icon/Icon';
import { useRegister, useViewer } from '../features/session/session.queries';
import { isApiError } from '../lib/api';
import { safeNext } from '../lib/safeNext';
import * as TEXTS from '../lib/allTexts';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import styles from './AuthPage.module.css';

type SignupField = 'email' | 'password' | 'username' | 'full_name';
const FIELDS: readonly SignupField[] = ['email', 'password', 'username', 'full_name'];
const INVALID_EMAIL = 'Please enter a valid email address.';

export function SignupRoute() {
  useDocumentTitle(TEXTS.auth.signUp);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Where a login prompt's Sign up came from (e.g. a board invite), else home.
  const next = safeNext(params.get('next'));
  const { data: viewer } = useViewer();
  const register = useRegister();
  const [values, setValues] = useState<Record<SignupField, string>>({ email: '', password: '', username: '', full_name: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  if (viewer?.isAuth && !register.isPending && !register.isSuccess) return <Navigate to="/" replace />;

  const update = (field: SignupField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const input = {
      email: values.email.trim(),
      password: values.password,
      username: values.username.trim() || undefined,
      full_name: values.full_name.trim() || undefined,
    };
    const errors: Partial<Record<SignupField, string>> = {};
    if (!isValidEmail(input.email)) errors.email = input.email ? INVALID_EMAIL : TEXTS.auth.emailRequired;
    const parsed = zRegister.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as SignupField;
        if (FIELDS.includes(field)) errors[field] ??= issue.message;
      }
    }
    if (Object.keys(errors).length > 0 || !parsed.success) {
      setFieldErrors(errors);
      return;
    }
    register.mutate(parsed.data, {
      onSuccess: () => void navigate(next, { replace: true }),
      onError: (error) => {
        if (isApiError(error) && error.field && (FIELDS as readonly string[]).includes(error.field)) {
          setFieldErrors({ [error.field]: error.message });
        } else {
          setFormError(isApiError(error) && error.fullMessage ? error.fullMessage : TEXTS.genericError);
        }
      },
    });
  };

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="signup-heading">
        <LogoMark size={40} />
        <h1 id="signup-heading" className={styles.heading}>
          {TEXTS.auth.signupHeading}
        </h1>
        <p className={styles.subheading}>{TEXTS.auth.signupSubheading}</p>
        <form className={styles.form} onSubmit={submit} noValidate>
          {formError && <FormError>{formError}</FormError>}
          <TextInput
            label={TEXTS.auth.email}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={update('email')}
            error={fieldErrors.email}
          />
          <TextInput
            label={TEXTS.auth.password}
            name="password"
            type="password"
            autoComplete="new-password"
            help={TEXTS.auth.passwordHelp}
            value={values.password}
            onChange={update('password')}
            error={fieldErrors.password}
          />
          <TextInput
            label={TEXTS.auth.username}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            help={TEXTS.auth.usernameHelp}
            value={values.username}
            onChange={update('username')}
            error={fieldErrors.username}
          />
          <TextInput
            label={TEXTS.auth.fullName}
            name="full_name"
            autoComplete="name"
            value={values.full_name}
            onChange={update('full_name')}
            error={fieldErrors.full_name}
          />
          <Button type="submit" variant="primary" size="large" fullWidth isDisabled={register.isPending}>
            {register.isPending ? TEXTS.auth.signingUp : TEXTS.auth.signUp}
          </Button>
        </form>
        <p className={styles.switch}>
          {TEXTS.auth.haveAccount} <Link to={next === '/' ? '/login/' : `/login/?next=${encodeURIComponent(next)}`}>{TEXTS.auth.logIn}</Link>
        </p>
      </section>
    </div>
  );
}
