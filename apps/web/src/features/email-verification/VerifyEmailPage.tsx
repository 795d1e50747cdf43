import { useEffect, useRef, type ReactNode } from 'react';
import { MESSAGES } from '../../lib/messages';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/Button/Button';
import { LogoMark } from '../../components/Icon/Icon';
import { Spinner } from '../../components/Spinner/Spinner';
import { ResendEmailButton } from './ResendEmailButton';
import { useVerifyEmail, verifyOutcome } from './emailVerification.queries';
import { useViewer } from '../session/session.queries';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from '../session/AuthPage.module.css';

const T = TEXTS.emailVerification;

/**
 * /verify-email/?token=…: the page a mailed link opens. It verifies the
 * link's account once, then says so; an expired or unknown link offers a new
 * one (signed in) or the way to log in for one.
 */
export function VerifyEmailPage() {
  useDocumentTitle(MESSAGES.emailVerification.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    // Once per page, also under StrictMode's double effects: a used link would answer differently the second time.
    if (started.current || !token) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-live="polite">
        <LogoMark size={40} />
        {token && (verify.isIdle || verify.isPending) ? <Spinner label={T.verifying} /> : <Outcome verify={verify} hasToken={!!token} />}
      </section>
    </div>
  );
}

function Outcome({ verify, hasToken }: { verify: ReturnType<typeof useVerifyEmail>; hasToken: boolean }) {
  const { data: viewer } = useViewer();
  if (hasToken && verify.isSuccess) {
    return <Result heading={T.verifiedHeading} body={T.verifiedBody} action={<HomeLink />} />;
  }
  const outcome = hasToken ? verifyOutcome(verify.error) : 'invalid';
  if (outcome === 'used') return <Result heading={T.usedHeading} body={T.alreadyVerified} action={<HomeLink />} />;
  if (outcome === 'failed') {
    return (
      <Result
        heading={TEXTS.genericError}
        action={
          <Button variant="primary" size="large" onPress={() => verify.variables && verify.mutate(verify.variables)}>
            {TEXTS.tryAgain}
          </Button>
        }
      />
    );
  }
  const heading = outcome === 'expired' ? T.expiredHeading : T.invalidHeading;
  if (!viewer?.isAuth) {
    return (
      <Result
        heading={heading}
        body={T.logInForNewLink}
        action={
          <ButtonLink to="/login/" variant="primary" size="large">
            {TEXTS.nav.logIn}
          </ButtonLink>
        }
      />
    );
  }
  if (viewer.email_verified !== false) return <Result heading={heading} body={T.alreadyVerified} action={<HomeLink />} />;
  return <Result heading={heading} body={T.askForNewLink} action={<ResendEmailButton />} />;
}

function Result({ heading, body, action }: { heading: string; body?: string; action: ReactNode }) {
  return (
    <>
      <h1 className={styles.heading}>{heading}</h1>
      {body && <p className={styles.subheading}>{body}</p>}
      <div className={styles.form}>{action}</div>
    </>
  );
}

function HomeLink() {
  return (
    <ButtonLink to="/" variant="primary" size="large" fullWidth>
      {T.goHome}
    </ButtonLink>
  );
}
