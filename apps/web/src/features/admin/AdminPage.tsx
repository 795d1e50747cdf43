import type { ReactNode } from 'react';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { NotFoundView } from '../../components/NotFoundView/NotFoundView';
import { Spinner } from '../../components/Spinner/Spinner';
import { showToast } from '../../components/Toast/toasts';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { formatDate, formatNumber, getLocale } from '../../lib/i18n';
import { ageParts, relativeAge, shortUnit } from '../../lib/relativeAge';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAdminOverview, useFailedJobAction, type AdminOverview, type FailedJob } from './admin.queries';
import styles from './AdminPage.module.css';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size in the largest unit under 1024 of it, as the locale writes it ("1.4 GB"). */
function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(getLocale(), { style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(
    value,
  );
}

/** How long, in the largest whole unit ("3d", "5h"; under a minute the seconds). */
function formatDuration(seconds: number): string {
  const parts = ageParts(seconds);
  return parts
    ? shortUnit(parts.value, parts.unit)
    : new Intl.NumberFormat(getLocale(), { style: 'unit', unit: 'second', unitDisplay: 'narrow' }).format(seconds);
}

const formatTime = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'medium' });

/** A table that may be wider than a phone: it scrolls sideways, and takes the focus to be scrolled by keyboard. */
function Scroller({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className={styles.scroller} role="group" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}

function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionHeading}>
        {title}
      </h2>
      {lead && <p className={styles.sectionLead}>{lead}</p>}
      {children}
    </section>
  );
}

function Quiet({ children }: { children: ReactNode }) {
  return <p className={styles.quiet}>{children}</p>;
}

function Totals({ data }: { data: AdminOverview }) {
  const tiles: { label: string; value: string; note?: string }[] = [
    { label: TEXTS.admin.databaseSize, value: formatBytes(data.storage.database_bytes) },
    { label: TEXTS.admin.mediaSize, value: formatBytes(data.storage.media_recorded_bytes), note: TEXTS.admin.mediaNote },
    { label: TEXTS.admin.people, value: formatNumber(data.counts.people) },
    { label: TEXTS.admin.boards, value: formatNumber(data.counts.boards) },
    { label: TEXTS.admin.pins, value: formatNumber(data.counts.pins) },
  ];
  return (
    <dl className={styles.tiles}>
      {tiles.map((tile) => (
        <div key={tile.label} className={styles.tile}>
          <dt className={styles.tileLabel}>{tile.label}</dt>
          <dd className={styles.tileValue}>{tile.value}</dd>
          {tile.note && <dd className={styles.tileNote}>{tile.note}</dd>}
        </div>
      ))}
    </dl>
  );
}

function Servers({ servers }: { servers: AdminOverview['servers'] }) {
  if (servers.length === 0) return <Quiet>{TEXTS.admin.serversNone}</Quiet>;
  return (
    <Scroller labelledBy="admin-servers">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{TEXTS.admin.worker}</th>
            <th scope="col" className={styles.left}>
              {TEXTS.admin.host}
            </th>
            <th scope="col">{TEXTS.admin.version}</th>
            <th scope="col">{TEXTS.admin.uptime}</th>
            <th scope="col">{TEXTS.admin.heartbeat}</th>
            <th scope="col">{TEXTS.admin.redis}</th>
          </tr>
        </thead>
        <tbody>
          {servers.map((s) => (
            <tr key={s.worker_id}>
              <th scope="row">{s.worker_id}</th>
              <td className={styles.left}>{s.host}</td>
              <td>{s.version || '—'}</td>
              <td>{formatDuration(s.uptime_seconds)}</td>
              <td>{relativeAge(s.heartbeat_at)}</td>
              <td>{s.has_redis ? TEXTS.admin.yes : TEXTS.admin.no}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

function Queues({ queues }: { queues: AdminOverview['queues'] }) {
  if (queues.length === 0) return <Quiet>{TEXTS.admin.queuesNone}</Quiet>;
  return (
    <Scroller labelledBy="admin-queues">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{TEXTS.admin.queue}</th>
            <th scope="col">{TEXTS.admin.failed}</th>
            <th scope="col">{TEXTS.admin.waiting}</th>
            <th scope="col">{TEXTS.admin.retrying}</th>
            <th scope="col">{TEXTS.admin.running}</th>
          </tr>
        </thead>
        <tbody>
          {queues.map((q) => (
            <tr key={q.name}>
              <th scope="row">{q.name}</th>
              <td className={q.failed > 0 ? styles.alert : undefined}>{formatNumber(q.failed)}</td>
              <td>{formatNumber(q.created)}</td>
              <td>{formatNumber(q.retry)}</td>
              <td>{formatNumber(q.active)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

function FailedJobs({ jobs }: { jobs: FailedJob[] }) {
  const act = useFailedJobAction();
  if (jobs.length === 0) return <Quiet>{TEXTS.admin.failedNone}</Quiet>;
  const run = (job: FailedJob, action: 'retry' | 'discard') =>
    act.mutate(
      { job, action },
      {
        onSuccess: () => showToast(action === 'retry' ? TEXTS.admin.retried : TEXTS.admin.discarded),
        onError: (err) => showToast(isApiError(err) && err.httpStatus === 404 ? TEXTS.admin.jobGone : TEXTS.genericError),
      },
    );
  const busy = (job: FailedJob) => act.isPending && act.variables?.job.id === job.id;
  return (
    <ul className={styles.list}>
      {jobs.map((job) => (
        <li key={job.id} className={styles.item}>
          <div className={styles.itemText}>
            <p className={styles.itemTitle}>{TEXTS.admin.failedJob({ queue: job.queue, attempts: job.attempts })}</p>
            {job.message && <p className={styles.message}>{job.message}</p>}
            <p className={styles.meta}>
              <time dateTime={job.failed_at ?? job.created_at}>{formatTime(job.failed_at ?? job.created_at)}</time> · <code>{job.id}</code>
            </p>
          </div>
          <div className={styles.actions}>
            <Button
              size="small"
              variant="dark"
              aria-label={TEXTS.admin.retryJob({ queue: job.queue, id: job.id })}
              isDisabled={busy(job)}
              onPress={() => run(job, 'retry')}
            >
              {TEXTS.admin.retry}
            </Button>
            <Button
              size="small"
              aria-label={TEXTS.admin.discardJob({ queue: job.queue, id: job.id })}
              isDisabled={busy(job)}
              onPress={() => run(job, 'discard')}
            >
              {TEXTS.admin.discard}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Errors({ errors }: { errors: AdminOverview['errors'] }) {
  if (errors.length === 0) return <Quiet>{TEXTS.admin.errorsNone}</Quiet>;
  return (
    <ul className={styles.list}>
      {errors.map((e) => (
        <li key={`${e.request_id} ${e.at}`} className={styles.item}>
          <div className={styles.itemText}>
            <p className={styles.itemTitle}>
              <span className={styles.status}>{e.status}</span> {e.method} <code className={styles.route}>{e.route}</code>
            </p>
            {e.message && <p className={styles.message}>{e.message}</p>}
            <p className={styles.meta}>
              <time dateTime={e.at}>{formatTime(e.at)}</time> · {TEXTS.admin.onServer({ worker: e.worker_id, host: e.host })} · {TEXTS.admin.requestId}{' '}
              <code>{e.request_id}</code>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /admin/: how the installation is doing (staff only; anyone else sees the page that does not exist). */
export function AdminPage() {
  useDocumentTitle(TEXTS.admin.title);
  const overview = useAdminOverview();
  if (overview.isPending) return <Spinner />;
  if (overview.isError)
    return isApiError(overview.error) && overview.error.httpStatus === 404 ? (
      <NotFoundView />
    ) : (
      <EmptyState heading={TEXTS.admin.loadFailed} illustration={false} />
    );
  const data = overview.data;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{TEXTS.admin.title}</h1>
          <p className={styles.lead}>{TEXTS.admin.lead}</p>
        </div>
        <div className={styles.refresh}>
          <span className={styles.updated}>{TEXTS.admin.updated({ time: formatDate(data.generated_at, { timeStyle: 'medium' }) })}</span>
          <Button size="small" onPress={() => void overview.refetch()} isDisabled={overview.isFetching}>
            {TEXTS.admin.refresh}
          </Button>
        </div>
      </header>
      <Section id="admin-totals" title={TEXTS.admin.overview}>
        <Totals data={data} />
      </Section>
      <Section id="admin-servers" title={TEXTS.admin.servers}>
        <Servers servers={data.servers} />
      </Section>
      <Section id="admin-queues" title={TEXTS.admin.queues}>
        <Queues queues={data.queues} />
      </Section>
      <Section id="admin-failed" title={TEXTS.admin.failedJobs}>
        <FailedJobs jobs={data.failed_jobs} />
      </Section>
      <Section id="admin-errors" title={TEXTS.admin.errors} lead={TEXTS.admin.errorsLead}>
        <Errors errors={data.errors} />
      </Section>
    </div>
  );
}
