import { EmptyState } from '../../components/EmptyState/EmptyState';
import { NotFoundView } from '../../components/NotFoundView/NotFoundView';
import { Spinner } from '../../components/Spinner/Spinner';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { pivotByWeek, useEntryStatistics } from './entry.queries';
import styles from './EntryStatisticsPage.module.css';

const WEEKS = 12;

/** /admin/entry/: sign-ups by entry channel per week, and the upsell events counted (staff only). */
export function EntryStatisticsPage() {
  useDocumentTitle(TEXTS.entryStats.title);
  const stats = useEntryStatistics(WEEKS);
  if (stats.isPending) return <Spinner />;
  if (stats.isError)
    return isApiError(stats.error) && stats.error.httpStatus === 404 ? <NotFoundView /> : <EmptyState heading={TEXTS.genericError} illustration={false} />;
  const { channels, weeks } = pivotByWeek(stats.data.weeks);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{TEXTS.entryStats.title}</h1>
      <p className={styles.lead}>{TEXTS.entryStats.lead({ weeks: WEEKS })}</p>
      {weeks.length === 0 ? (
        <EmptyState illustration={false}>{TEXTS.entryStats.none}</EmptyState>
      ) : (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <caption className={styles.caption}>{TEXTS.entryStats.signupsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{TEXTS.entryStats.week}</th>
                {channels.map((channel) => (
                  <th scope="col" key={channel}>
                    {TEXTS.entryStats.channel({ channel: channel === 'other' ? 'other_sites' : channel })}
                  </th>
                ))}
                <th scope="col">{TEXTS.entryStats.total}</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((row) => (
                <tr key={row.week}>
                  <th scope="row">{row.week}</th>
                  {channels.map((channel) => (
                    <td key={channel}>{row.counts[channel] ?? 0}</td>
                  ))}
                  <td className={styles.total}>{row.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {stats.data.events.length > 0 && (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <caption className={styles.caption}>{TEXTS.entryStats.eventsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{TEXTS.entryStats.event}</th>
                <th scope="col">{TEXTS.entryStats.pageKind}</th>
                <th scope="col">{TEXTS.entryStats.count}</th>
              </tr>
            </thead>
            <tbody>
              {stats.data.events.map((row) => (
                <tr key={`${row.event} ${row.page_kind}`}>
                  <th scope="row">{row.event}</th>
                  <td>{row.page_kind}</td>
                  <td>{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
