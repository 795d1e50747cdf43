import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../components/Button/Button';
import { FormError } from '../../components/Field/Field';
import { Spinner } from '../../components/Spinner/Spinner';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useViewer } from '../session/session.queries';
import { decideConsent, fetchConsent, oauthKeys, type ConsentQuery } from './oauth.api';
import { scopeText } from './scopeText';
import styles from './Oauth.module.css';

const messageOf = (error: unknown) => (isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError);

const hostOf = (uri: string) => {
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
};

/**
 * /oauth/ (decision 099): an app asks to act for the signed-in person. The page shows the app and the scopes
 * in plain words, with Allow and Deny; the decision is posted with the page's query as received, and the
 * person goes where the server says (the app's redirect URI, with a code or `error=access_denied`). A
 * signed-out visitor logs in first and comes back.
 */
export function ConsentPage() {
  const { pathname, search } = useLocation();
  const { data: viewer } = useViewer();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(search)) as ConsentQuery, [search]);
  const signedIn = viewer?.isAuth === true;
  const consent = useQuery({
    queryKey: oauthKeys.consent(search),
    queryFn: ({ signal }) => fetchConsent(query, signal),
    enabled: signedIn,
    retry: false,
  });
  useDocumentTitle(consent.data ? TEXTS.oauth.consentTitle({ name: consent.data.name }) : consent.isError ? TEXTS.oauth.invalidTitle : null);
  const decide = useMutation({
    mutationFn: (allow: boolean) => decideConsent(query, allow),
    onSuccess: ({ redirect_to }) => window.location.assign(redirect_to),
  });

  if (!viewer) return <Spinner />;
  if (!viewer.isAuth) return <Navigate replace to={`/login/?next=${encodeURIComponent(pathname + search)}`} />;
  if (consent.isPending) return <Spinner />;
  if (consent.isError) {
    return (
      <section className={styles.consent}>
        <h1 className={styles.consentTitle}>{TEXTS.oauth.invalidTitle}</h1>
        <FormError>{messageOf(consent.error)}</FormError>
      </section>
    );
  }
  const app = consent.data;
  const busy = decide.isPending || decide.isSuccess;
  return (
    <section className={styles.consent} aria-labelledby="consent-title">
      <h1 id="consent-title" className={styles.consentTitle}>
        {TEXTS.oauth.consentTitle({ name: app.name })}
      </h1>
      <p>{TEXTS.oauth.consentCan}</p>
      <ul className={styles.scopes}>
        {app.scopes.map((scope) => (
          <li key={scope}>{scopeText(scope)}</li>
        ))}
      </ul>
      <p className={styles.quiet}>{TEXTS.oauth.consentAs({ username: viewer.username })}</p>
      <p className={styles.quiet}>{TEXTS.oauth.consentBack({ host: hostOf(app.redirect_uri) })}</p>
      {decide.isError && <FormError>{messageOf(decide.error)}</FormError>}
      <div className={styles.decision}>
        <Button variant="secondary" size="large" onPress={() => decide.mutate(false)} isDisabled={busy}>
          {TEXTS.oauth.deny}
        </Button>
        <Button variant="primary" size="large" onPress={() => decide.mutate(true)} isDisabled={busy}>
          {busy ? TEXTS.oauth.sending : TEXTS.oauth.allow}
        </Button>
      </div>
    </section>
  );
}
