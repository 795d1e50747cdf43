import { useState, type FormEvent } from 'react';
import { MODERATION_DECISIONS, type ModerationDecision } from '@pinboard/shared/constants/takedowns';
import { Button } from '../../../components/Button/Button';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { FormError, TextArea } from '../../../components/Field/Field';
import { Modal } from '../../../components/Modal/Modal';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { TRANSPARENCY_CSV_PATH, type QueueItem } from '../moderation.api';
import { useDecide, useModerationQueue, useTransparencyReport } from '../moderation.queries';
import styles from './Moderation.module.css';
import { formatDay } from './NoticesPage';

const T = TEXTS.moderation;

/**
 * /reports-and-violations/queue/: staff's queue of open reports and
 * takedowns, oldest first; each decided (remove, restrict, no action) with
 * a statement of reasons; below it, the transparency report and its CSV.
 */
export function ModerationQueuePage() {
  const queue = useModerationQueue();
  const [deciding, setDeciding] = useState<QueueItem | null>(null);
  const forbidden = isApiError(queue.error) && queue.error.httpStatus === 403;
  if (forbidden) {
    return (
      <div className={styles.page}>
        <EmptyState heading={T.notStaff} headingLevel={1}>
          {T.notStaffBody}
        </EmptyState>
      </div>
    );
  }
  const items = queue.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <h1 className={styles.title}>{T.queueTitle}</h1>
      <p className={styles.intro}>{T.queueIntro}</p>
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <FormError>{TEXTS.genericError}</FormError>
      ) : items.length === 0 ? (
        <EmptyState heading={T.queueEmpty}>{T.queueEmptyBody}</EmptyState>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <QueueCard key={item.id} item={item} onDecide={() => setDeciding(item)} />
          ))}
        </ul>
      )}
      {queue.hasNextPage && (
        <Button variant="secondary" onPress={() => void queue.fetchNextPage()} isDisabled={queue.isFetchingNextPage}>
          {T.showMore}
        </Button>
      )}
      <Transparency />
      <DecideDialog item={deciding} onClose={() => setDeciding(null)} />
    </div>
  );
}

function QueueCard({ item, onDecide }: { item: QueueItem; onDecide: () => void }) {
  const reporter = item.reporter.username ? `@${item.reporter.username}` : item.reporter.name || item.reporter.email || T.anonymous;
  return (
    <li className={styles.card} data-testid="queue-item">
      <div className={styles.cardHead}>
        <span className={styles.badgeStrong}>{T.kinds[item.kind] ?? item.kind}</span>
        {item.form && <span className={styles.badge}>{item.form}</span>}
        {item.laws.map((law) => (
          <span key={law} className={styles.badge}>
            {law}
          </span>
        ))}
        {item.trusted_flagger && <span className={styles.badge}>{T.trustedFlagger}</span>}
        {item.target.kind === 'comment' && <span className={styles.badge}>{T.targetComment}</span>}
      </div>
      <p className={styles.cardTitle}>{item.target.label}</p>
      {item.target.content?.image_url && (
        // Staff see a reported Pin's image whatever its state (media.policy, decision 057).
        <img className={styles.reportedImage} src={item.target.content.image_url} alt={T.reportedImage} data-testid="queue-item-image" loading="lazy" />
      )}
      {item.target.content && (item.target.content.description || item.target.content.link) && (
        <blockquote className={styles.details} data-testid="queue-item-content">
          {item.target.content.title && <strong>{item.target.content.title}</strong>}
          {item.target.content.description && <span> {item.target.content.description}</span>}
          {item.target.content.link && <span className={styles.meta}> {item.target.content.link}</span>}
        </blockquote>
      )}
      {item.reported_url && <p className={styles.meta}>{item.reported_url}</p>}
      <p className={styles.meta}>
        {T.reportedBy({ who: reporter })}
        {item.reporter.country ? ` (${item.reporter.country})` : ''} · {T.received({ date: formatDay(item.created_at) })}
        {item.content_date ? ` · ${T.contentDate({ date: item.content_date })}` : ''}
      </p>
      <p className={styles.details}>{item.details || item.reason}</p>
      <div className={styles.actions}>
        <Button variant="primary" onPress={onDecide}>
          {T.decide}
        </Button>
      </div>
    </li>
  );
}

function DecideDialog({ item, onClose }: { item: QueueItem | null; onClose: () => void }) {
  const [decision, setDecision] = useState<ModerationDecision>('remove');
  const [reasons, setReasons] = useState('');
  const [touched, setTouched] = useState(false);
  const decide = useDecide();
  const close = () => {
    setDecision('remove');
    setReasons('');
    setTouched(false);
    decide.reset();
    onClose();
  };
  const error = touched && reasons.trim() === '' ? T.reasonsRequired : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!item || reasons.trim() === '') return;
    decide.mutate(
      { report_id: item.id, decision, statement_of_reasons: reasons.trim() },
      {
        onSuccess: () => {
          close();
          showToast(T.decided);
        },
      },
    );
  };
  return (
    <Modal isOpen={item !== null} onOpenChange={(open) => !open && close()} title={T.decideTitle} isDismissable={!decide.isPending}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {item && <p className={styles.cardTitle}>{item.target.label}</p>}
        <fieldset className={styles.choices}>
          <legend>{T.decisionLabel}</legend>
          {MODERATION_DECISIONS.map((d) => (
            <label key={d} className={styles.choice}>
              <input type="radio" name="decision" value={d} checked={decision === d} onChange={() => setDecision(d)} />
              <span>{T.decisionVerbs[d]}</span>
              <span className={styles.choiceHelp}>
                {(item?.target.kind === 'user' ? T.decisionHelpPerson : item?.target.kind === 'comment' ? T.decisionHelpComment : T.decisionHelp)[d]}
              </span>
            </label>
          ))}
        </fieldset>
        <TextArea
          label={T.reasonsLabel}
          help={T.reasonsHelp}
          value={reasons}
          onChange={(event) => setReasons(event.target.value)}
          rows={5}
          maxLength={5000}
          error={error}
          required
        />
        {decide.isError && <FormError>{isApiError(decide.error) ? decide.error.fullMessage : TEXTS.genericError}</FormError>}
        <div className={styles.actions}>
          <Button variant="secondary" size="large" onPress={close} isDisabled={decide.isPending}>
            {TEXTS.social.cancel}
          </Button>
          <Button type="submit" variant="primary" size="large" isDisabled={decide.isPending}>
            {T.decideSend}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function Transparency() {
  const report = useTransparencyReport();
  const c = T.columns;
  return (
    <section className={styles.section} aria-labelledby="transparency-heading">
      <div className={styles.sectionHead}>
        <h2 id="transparency-heading" className={styles.cardTitle}>
          {T.transparency}
        </h2>
        <a className={styles.formLink} href={TRANSPARENCY_CSV_PATH} download>
          {T.exportCsv}
        </a>
      </div>
      <p className={styles.intro}>
        {T.transparencyIntro}
        {report.data && report.data.open.length > 0 ? ` ${T.open}: ${report.data.open.map((o) => `${o.form} ${T.openNow({ n: o.count })}`).join(', ')}.` : ''}
      </p>
      {report.data && report.data.rows.length === 0 && <p className={styles.meta}>{T.transparencyEmpty}</p>}
      {report.data && report.data.rows.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{c.form}</th>
              <th>{c.law}</th>
              <th>{c.decision}</th>
              <th className={styles.number}>{c.count}</th>
              <th className={styles.number}>{c.median}</th>
              <th className={styles.number}>{c.mean}</th>
              <th className={styles.number}>{c.max}</th>
            </tr>
          </thead>
          <tbody>
            {report.data.rows.map((r) => (
              <tr key={`${r.form}-${r.law}-${r.decision}`}>
                <td>{r.form}</td>
                <td>{r.law}</td>
                <td>{(T.decisions as Record<string, string | undefined>)[r.decision] ?? r.decision}</td>
                <td className={styles.number}>{r.count}</td>
                <td className={styles.number}>{r.median_hours}</td>
                <td className={styles.number}>{r.mean_hours}</td>
                <td className={styles.number}>{r.max_hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
