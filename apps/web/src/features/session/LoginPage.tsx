import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { loginToastText } from '@pinboard/shared/constants/messages';
import { zLogin } from '@pinboard/shared/schemas/users';
import { Button } from '../../components/Button/Button';
import { FormError, TextInput } from '../../components/Field/Field';
import { useFormFields } from '../../components/Field/useFormFields';
import { LogoMark } from '../../components/Icon/Icon';
import { showToast } from '../../components/Toast/toasts';
import { useLogIn, useViewer } from './session.queries';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { localServerText } from '../../lib/i18n';
import { MESSAGES } from '../../lib/messages';
import { safeNext } from '../../lib/safeNext';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './AuthPage.module.css';

type LoginField = 'username_or_email' | 'password' | 'mfa_code';

export function LoginPage() {
  useDocumentTitle(TEXTS.auth.logIn);
  useLoginToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const { data: viewer } = useViewer();
  const logIn = useLogIn();
  const form = useFormFields<LoginField>({ username_or_email: '', password: '', mfa_code: '' });
  // Asked once the server says the account has two-factor sign-in (MFA_REQUIRED).
  const [needsCode, setNeedsCode] = useState(false);

  if (viewer?.isAuth && !logIn.isPending && !logIn.isSuccess) return <Navigate to="/" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (logIn.isPending) return;
    const { mfa_code, ...credentials } = form.values;
    const parsed = zLogin.safeParse(needsCode ? { ...credentials, mfa_code } : credentials);
    if (!parsed.success) {
      const errors: Partial<Record<LoginField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as LoginField;
        errors[field] ??= localServerText(issue.message);
      }
      form.setErrors(errors);
      return;
    }
    logIn.mutate(parsed.data, {
      onSuccess: () => void navigate(next, { replace: true }),
      onError: (error) => {
        if (isApiError(error) && error.code === ERROR_CODES.MFA_REQUIRED.code) {
          setNeedsCode(true);
          form.setErrors({});
          return;
        }
        form.showServerError(
          error,
          ['username_or_email', 'password', 'mfa_code'],
          isApiError(error) && error.fullMessage ? error.fullMessage : TEXTS.genericError,
        );
      },
    });
  };

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <LogoMark size={40} />
        <h1 id="login-heading" className={styles.heading}>
          {TEXTS.auth.loginHeading}
        </h1>
        <form className={styles.form} onSubmit={submit} noValidate>
          {form.formError && <FormError>{form.formError}</FormError>}
          <TextInput label={TEXTS.auth.usernameOrEmail} {...form.field('username_or_email')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
          <TextInput label={TEXTS.auth.password} {...form.field('password')} type="password" autoComplete="current-password" />
          {needsCode && (
            <TextInput
              label={TEXTS.auth.mfaCode}
              help={TEXTS.auth.mfaCodeHelp}
              {...form.field('mfa_code')}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
            />
          )}
          <Button type="submit" variant="primary" size="large" fullWidth isDisabled={logIn.isPending}>
            {logIn.isPending ? TEXTS.auth.loggingIn : TEXTS.auth.logIn}
          </Button>
        </form>
        <p className={styles.switch}>
          {TEXTS.auth.noAccount} <Link to={next === '/' ? '/signup/' : `/signup/?next=${encodeURIComponent(next)}`}>{TEXTS.auth.signUp}</Link>
        </p>
      </section>
      {viewer && 'show_imprint' in viewer && viewer.show_imprint && viewer.imprint_url && (
        // Viewers in DE, AT and CH get the imprint link (docs/product/logged-out-and-business.md §2; decision 041).
        <a className={styles.imprint} href={viewer.imprint_url}>
          {TEXTS.auth.imprint}
        </a>
      )}
    </div>
  );
}

/** The login page's toast, chosen by ?message=, ?username= and ?multiple_accounts=true. */
function useLoginToast() {
  const [params] = useSearchParams();
  const shown = useRef<string | null>(null);
  const text = loginToastText(params.get('message'), params.get('username') ?? '', {
    linked: params.get('multiple_accounts') === 'true',
    toasts: MESSAGES.loginToast,
  });
  useEffect(() => {
    if (!text || shown.current === text) return;
    shown.current = text;
    showToast(text);
  }, [text]);
}
