import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isTakedownForm, TAKEDOWN_CONFIG, TAKEDOWN_FORMS } from '@pinboard/shared/constants/takedowns';
import { ButtonLink, Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { NotFoundView } from '../../components/NotFoundView/NotFoundView';
import { Spinner } from '../../components/Spinner/Spinner';
import { useViewer } from '../session/session.queries';
import { TakedownForm } from '../social/components/TakedownForm';
import styles from './components/Moderation.module.css';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const T = TEXTS.takedown;

/**
 * /report/{test|turkey|dsa|india}/: each takedown form as a page, with
 * links to the other regions' forms. `?url=` fills in the reported address.
 * Forms that take no anonymous reports ask a signed-out visitor to log in.
 */
export function TakedownPage({ form }: { form: string }) {
  const [params] = useSearchParams();
  const { data: viewer } = useViewer();
  const [sent, setSent] = useState(false);
  const [round, setRound] = useState(0);
  useDocumentTitle(T.pageTitle);
  if (!isTakedownForm(form)) return <NotFoundView />;
  const rules = TAKEDOWN_CONFIG[form];
  const url = params.get('url') ?? '';

  let body;
  if (!viewer) body = <Spinner />;
  else if (!viewer.isAuth && !rules.ALLOW_ANON_SUBMISSION) {
    body = (
      <EmptyState heading={T.loginHeading} link={{ to: `/login/?next=${encodeURIComponent(`/report/${form}/`)}`, label: TEXTS.nav.logIn }}>
        {T.loginBody}
      </EmptyState>
    );
  } else if (sent) {
    body = (
      <EmptyState
        heading={T.sentHeading}
        illustration={false}
        action={
          <div className={styles.actions}>
            {viewer.isAuth && (
              <ButtonLink to="/reports-and-violations/" variant="secondary" size="large">
                {T.sentNotices}
              </ButtonLink>
            )}
            <Button
              variant="primary"
              size="large"
              onPress={() => {
                setSent(false);
                setRound((n) => n + 1);
              }}
            >
              {T.another}
            </Button>
          </div>
        }
      >
        {T.sentBody}
      </EmptyState>
    );
  } else {
    body = <TakedownForm key={`${form}-${round}`} form={form} country={viewer.isAuth ? viewer.country : null} initialUrl={url} onSent={() => setSent(true)} />;
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{T.heading({ region: T.regions[form] ?? form })}</h1>
      <p className={styles.intro}>{T.intro}</p>
      <nav aria-label={T.otherForms}>
        <p className={styles.meta}>{T.otherForms}</p>
        <ul className={styles.formLinks}>
          {TAKEDOWN_FORMS.map((f) => (
            <li key={f}>
              <Link to={`/report/${f}/`} className={styles.formLink} aria-current={f === form ? 'page' : undefined}>
                {T.formName[f] ?? f}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {body}
    </div>
  );
}
