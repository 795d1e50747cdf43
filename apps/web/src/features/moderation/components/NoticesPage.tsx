import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button/Button';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { FormError, TextArea } from '../../../components/Field/Field';
import { bindText, CancelButton, FormActions } from '../../../components/Field/formParts';
import { Modal } from '../../../components/Modal/Modal';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { formatDate } from '../../../lib/i18n';
import type { Notice } from '../moderation.api';
import { useContest, useNotices } from '../moderation.queries';
import styles from './Moderation.module.css';

const T = TEXTS.moderation;
export const formatDay = (iso: string) => formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * /reports-and-violations/: the Viewer's statements of reasons (decisions on
 * their content and on the reports they sent), newest first, each with the
 * counter-notice it can still take (DSA art. 17 and 20).
 */
export function NoticesPage() {
  const notices = useNotices();
  const [contesting, setContesting] = useState<Notice | null>(null);
  const items = notices.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{T.noticesTitle}</h1>
      <p className={styles.intro}>{T.noticesIntro}</p>
      {notices.isPending ? (
        <Spinner />
      ) : notices.isError ? (
        <FormError>{TEXTS.genericError}</FormError>
      ) : items.length === 0 ? (
        <EmptyState heading={T.noticesEmpty}>{T.noticesEmptyBody}</EmptyState>
      ) : (
        <ul className={styles.list}>
          {items.map((n) => (
            <li key={n.notice_id} className={styles.card} data-testid="notice">
              <div className={styles.cardHead}>
                <span className={n.decision === 'no_action' ? styles.badge : styles.badgeStrong}>{T.decisions[n.decision] ?? n.decision}</span>
                <span className={styles.meta}>{n.role === 'affected' ? T.roleAffected : T.roleReporter}</span>
                <span className={styles.meta}>· {T.decidedOn({ date: formatDay(n.decided_at) })}</span>
              </div>
              {n.reported_url && <p className={styles.meta}>{n.reported_url}</p>}
              <p className={styles.meta}>{T.grounds({ count: n.laws.length, laws: n.laws.join(', ') })}</p>
              <div className={styles.statement}>
                <p className={styles.statementLabel}>{T.statement}</p>
                <p>{n.statement_of_reasons}</p>
              </div>
              <div className={styles.actions}>
                {n.can_contest ? (
                  <Button variant="secondary" onPress={() => setContesting(n)}>
                    {T.contest}
                  </Button>
                ) : (
                  <span className={styles.meta}>{T.contested}</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {notices.hasNextPage && (
        <Button variant="secondary" onPress={() => void notices.fetchNextPage()} isDisabled={notices.isFetchingNextPage}>
          {T.showMore}
        </Button>
      )}
      <ContestDialog notice={contesting} onClose={() => setContesting(null)} />
    </div>
  );
}

/**
 * /reports-and-violations/?decision=…&token=…: the counter-notice link mailed
 * to a removed person, who cannot sign in (decision 045): the form alone,
 * signed out.
 */
export function ContestByLinkPage({ decisionId, appealToken }: { decisionId: string; appealToken: string }) {
  const [sent, setSent] = useState(false);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{T.contestTitle}</h1>
      {sent ? <p className={styles.intro}>{T.contestSent}</p> : <ContestForm decisionId={decisionId} appealToken={appealToken} onDone={() => setSent(true)} />}
    </div>
  );
}

function ContestDialog({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  return (
    <Modal isOpen={notice !== null} onOpenChange={(open) => !open && onClose()} title={T.contestTitle}>
      {notice && (
        <ContestForm
          decisionId={notice.id}
          onCancel={onClose}
          onDone={() => {
            onClose();
            showToast(T.contestSent);
          }}
        />
      )}
    </Modal>
  );
}

function ContestForm({ decisionId, appealToken, onCancel, onDone }: { decisionId: string; appealToken?: string; onCancel?: () => void; onDone: () => void }) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const contest = useContest();
  const error = touched && text.trim() === '' ? T.contestRequired : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (text.trim() === '') return;
    contest.mutate({ decision_id: decisionId, text: text.trim(), ...(appealToken ? { appeal_token: appealToken } : {}) }, { onSuccess: onDone });
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.intro}>{T.contestBody}</p>
      <TextArea label={T.contestLabel} {...bindText(text, setText)} rows={5} maxLength={5000} error={error} required />
      {contest.isError && <FormError>{isApiError(contest.error) ? contest.error.fullMessage : TEXTS.genericError}</FormError>}
      <FormActions
        className={styles.actions}
        pending={contest.isPending}
        cancel={
          onCancel && (
            <CancelButton onPress={onCancel} pending={contest.isPending}>
              {TEXTS.social.cancel}
            </CancelButton>
          )
        }
      >
        {T.contestSend}
      </FormActions>
    </form>
  );
}
