import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { zRegister } from '@pinboard/shared/schemas/users';
import { isValidEmail } from '@pinboard/shared/text/email';
import { Button } from '../../components/Button/Button';
import { FormError, TextInput } from '../../components/Field/Field';
import { useFormFields } from '../../components/Field/useFormFields';
import { LogoMark } from '../../components/Icon/Icon';
import { useRegister, useViewer } from './session.queries';
import { isApiError } from '../../lib/api';
import { safeNext } from '../../lib/safeNext';
import { TEXTS } from '../../lib/allTexts';
import { localServerText } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './AuthPage.module.css';

type SignupField = 'email' | 'password' | 'username' | 'full_name';
const FIELDS: readonly SignupField[] = ['email', 'password', 'username', 'full_name'];
const INVALID_EMAIL = 'Please enter a valid email address.';

/**
 * `interestsStep`: what follows the account's making before going on to `next` (decision 089: the interests step,
 * from the topics feature, which the route puts here); without it, the page goes on at once.
 */
export function SignupPage({ interestsStep }: { interestsStep?: (goOn: () => void) => ReactNode } = {}) {
  useDocumentTitle(TEXTS.auth.signUp);
  const [picking, setPicking] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Where a login prompt's Sign up came from (e.g. a board invite), else home.
  const next = safeNext(params.get('next'));
  const { data: viewer } = useViewer();
  const register = useRegister();
  const form = useFormFields<SignupField>({ email: '', password: '', username: '', full_name: '' });
  const { values } = form;

  if (viewer?.isAuth && !register.isPending && !register.isSuccess) return <Navigate to="/" replace />;
  if (picking && interestsStep) return interestsStep(() => void navigate(next, { replace: true }));

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
        if (FIELDS.includes(field)) errors[field] ??= localServerText(issue.message);
      }
    }
    if (Object.keys(errors).length > 0 || !parsed.success) {
      form.setErrors(errors);
      return;
    }
    register.mutate(parsed.data, {
      onSuccess: () => (interestsStep ? setPicking(true) : void navigate(next, { replace: true })),
      onError: (error) => form.showServerError(error, FIELDS, isApiError(error) && error.fullMessage ? error.fullMessage : TEXTS.genericError),
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
          {form.formError && <FormError>{form.formError}</FormError>}
          <TextInput label={TEXTS.auth.email} {...form.field('email')} type="email" autoComplete="email" />
          <TextInput label={TEXTS.auth.password} {...form.field('password')} type="password" autoComplete="new-password" help={TEXTS.auth.passwordHelp} />
          <TextInput
            label={TEXTS.auth.username}
            {...form.field('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            help={TEXTS.auth.usernameHelp}
          />
          <TextInput label={TEXTS.auth.fullName} {...form.field('full_name')} autoComplete="name" />
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
