/**
 * The advertiser area at /advertiser/{advertiserId}/{key}/
 * (docs/product/logged-out-and-business.md §2): reporting with charts and CSV, the campaigns with their
 * actions, billing; every other URL key is a page that says what it holds
 * and what the account can do today.
 */
import { useMemo, useState } from 'react';
import { NavLink } from 'react-router';
import { BUDGET_MICRO_MULTIPLIER } from '@pinboard/shared/constants/limits';
import { minDailyBudgetOf } from '@pinboard/shared/constants/ads';
import { formatCount, getLocale } from '../../../lib/i18n';
import { Button } from '../../../components/Button/Button';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { FormError, Select, TextInput } from '../../../components/Field/Field';
import { NotFoundView } from '../../../components/NotFoundView/NotFoundView';
import { Spinner } from '../../../components/Spinner/Spinner';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import type { Advertiser, Campaign, ReportLevel, ReportRow } from '../ads.api';
import { useAdvertisers, useBilling, useCampaigns, useReport, useUpdateCampaign } from '../ads.queries';
import { reportCsv } from '../reportCsv';
import { ReportChart } from './ReportChart';
import styles from './Advertiser.module.css';

const T = TEXTS.ads;
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const money = (micro: number, currency: string) =>
  new Intl.NumberFormat(getLocale(), { style: 'currency', currency, maximumFractionDigits: 2 }).format(micro / BUDGET_MICRO_MULTIPLIER);

/** Every day from start to end, inclusive. */
function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`) && out.length < 400; t += DAY_MS) out.push(isoDay(t));
  return out;
}

export function AdvertiserArea({ advertiserId, urlKey }: { advertiserId: string; urlKey: string }) {
  const advertisers = useAdvertisers();
  if (advertisers.isPending) return <Spinner />;
  if (advertisers.isError) throw advertisers.error;
  const account = advertisers.data.find((a) => a.id === advertiserId);
  if (!account) return <NotFoundView body={T.noAccount} />;
  const first = urlKey.split('/')[0]!;
  const base = `/advertiser/${account.id}`;
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <h1 className={styles.h1}>{T.areaTitle}</h1>
        <p className={styles.muted}>{T.accountHeading({ name: account.name, currency: account.currency, country: account.country })}</p>
        <nav className={styles.nav} aria-label={T.areaTitle}>
          <NavLink to={`${base}/reporting/campaigns/`} className={() => (first === 'reporting' ? styles.navActive : styles.navLink)}>
            {T.navReporting}
          </NavLink>
          <NavLink to={`${base}/billing/`} className={() => (first === 'billing' ? styles.navActive : styles.navLink)}>
            {T.navBilling}
          </NavLink>
          <NavLink to={`${base}/accounts_manager/`} className={() => (first !== 'reporting' && first !== 'billing' ? styles.navActive : styles.navLink)}>
            {T.navMore}
          </NavLink>
        </nav>
      </header>
      {first === 'reporting' && ['campaigns', 'adgroups', 'ads'].includes(urlKey.split('/')[1] ?? '') ? (
        <Reporting account={account} level={urlKey.split('/')[1] as ReportLevel} />
      ) : first === 'billing' ? (
        <BillingPage account={account} />
      ) : (
        <InfoPage urlKey={urlKey} account={account} />
      )}
    </div>
  );
}

function Reporting({ account, level }: { account: Advertiser; level: ReportLevel }) {
  const [start, setStart] = useState(() => isoDay(Date.now() - 29 * DAY_MS));
  const [end, setEnd] = useState(() => isoDay(Date.now()));
  const [metric, setMetric] = useState<'impressions' | 'clicks' | 'saves' | 'spend'>('impressions');
  const rangeOk = start <= end;
  const report = useReport(account.id, level, start, rangeOk ? end : start, 'DAY');
  const base = `/advertiser/${account.id}/reporting`;
  const days = useMemo(() => daysBetween(start, rangeOk ? end : start), [start, end, rangeOk]);
  const rows = report.data ?? [];
  const series = useMemo(() => {
    const byDay = new Map<string, number>();
    for (const r of rows) {
      const value = metric === 'spend' ? r.spend_in_micro_currency / BUDGET_MICRO_MULTIPLIER : r[metric];
      byDay.set(r.date ?? '', (byDay.get(r.date ?? '') ?? 0) + value);
    }
    const label = { impressions: T.impressions, clicks: T.clicks, saves: T.saves, spend: T.spend }[metric];
    return [{ label, color: '#e60023', values: days.map((d) => byDay.get(d) ?? 0) }];
  }, [rows, days, metric]);
  const format = useMemo(
    () => (metric === 'spend' ? (v: number) => money(v * BUDGET_MICRO_MULTIPLIER, account.currency) : (v: number) => formatCount(Math.round(v))),
    [metric, account.currency],
  );
  const totals = rows.reduce(
    (t, r) => ({
      impressions: t.impressions + r.impressions,
      clicks: t.clicks + r.clicks,
      saves: t.saves + r.saves,
      spend: t.spend + r.spend_in_micro_currency,
    }),
    { impressions: 0, clicks: 0, saves: 0, spend: 0 },
  );

  function downloadCsv() {
    const blob = new Blob([reportCsv(rows, account.currency)], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `report-${level}-${start}-${end}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  return (
    <section aria-labelledby="report-heading">
      <div className={styles.tabs} role="tablist" aria-label={T.navReporting}>
        {(['campaigns', 'adgroups', 'ads'] as const).map((l) => (
          <NavLink key={l} to={`${base}/${l}/`} role="tab" aria-selected={l === level} className={l === level ? styles.tabActive : styles.tab}>
            {T.levelName({ l })}
          </NavLink>
        ))}
      </div>
      <h2 id="report-heading" className="visually-hidden">
        {T.levelName({ l: level })}
      </h2>
      <div className={styles.filters}>
        <TextInput label={T.from} type="date" value={start} max={end} onChange={(e) => e.target.value && setStart(e.target.value)} />
        <TextInput label={T.to} type="date" value={end} min={start} onChange={(e) => e.target.value && setEnd(e.target.value)} />
        <Select label={T.chartLabel({ metric: '' })} hideLabel value={metric} onChange={(e) => setMetric(e.target.value as typeof metric)}>
          <option value="impressions">{T.impressions}</option>
          <option value="clicks">{T.clicks}</option>
          <option value="saves">{T.saves}</option>
          <option value="spend">{T.spend}</option>
        </Select>
        <Button onPress={downloadCsv} isDisabled={rows.length === 0}>
          {T.downloadCsv}
        </Button>
      </div>
      <dl className={styles.totals}>
        <div>
          <dt>{T.impressions}</dt>
          <dd>{formatCount(totals.impressions)}</dd>
        </div>
        <div>
          <dt>{T.clicks}</dt>
          <dd>{formatCount(totals.clicks)}</dd>
        </div>
        <div>
          <dt>{T.saves}</dt>
          <dd>{formatCount(totals.saves)}</dd>
        </div>
        <div>
          <dt>{T.spend}</dt>
          <dd>{money(totals.spend, account.currency)}</dd>
        </div>
      </dl>
      {report.isError && <FormError>{isApiError(report.error) ? report.error.fullMessage : T.noData}</FormError>}
      <ReportChart days={days} series={series} label={T.chartLabel({ metric: series[0]!.label })} format={format} integer={metric !== 'spend'} />
      {level === 'campaigns' ? <CampaignTable account={account} /> : <RowsTable rows={rows} currency={account.currency} />}
    </section>
  );
}

function RowsTable({ rows, currency }: { rows: ReportRow[]; currency: string }) {
  const byId = new Map<string, { name: string; impressions: number; clicks: number; saves: number; spend: number }>();
  for (const r of rows) {
    const t = byId.get(r.id) ?? { name: r.name, impressions: 0, clicks: 0, saves: 0, spend: 0 };
    byId.set(r.id, {
      name: r.name,
      impressions: t.impressions + r.impressions,
      clicks: t.clicks + r.clicks,
      saves: t.saves + r.saves,
      spend: t.spend + r.spend_in_micro_currency,
    });
  }
  if (byId.size === 0) return <p className={styles.muted}>{T.noData}</p>;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{T.name}</th>
          <th scope="col">{T.impressions}</th>
          <th scope="col">{T.clicks}</th>
          <th scope="col">{T.saves}</th>
          <th scope="col">{T.spend}</th>
        </tr>
      </thead>
      <tbody>
        {[...byId].map(([id, r]) => (
          <tr key={id}>
            <th scope="row">{r.name}</th>
            <td>{r.impressions}</td>
            <td>{r.clicks}</td>
            <td>{r.saves}</td>
            <td>{money(r.spend, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CampaignTable({ account }: { account: Advertiser }) {
  const campaigns = useCampaigns(account.id);
  if (campaigns.isPending) return <Spinner />;
  if (campaigns.isError) return <FormError>{isApiError(campaigns.error) ? campaigns.error.fullMessage : T.noData}</FormError>;
  if (campaigns.data.length === 0) {
    return (
      <EmptyState heading={T.noCampaigns} illustration={false}>
        {T.noCampaignsBody}
      </EmptyState>
    );
  }
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{T.name}</th>
          <th scope="col">{T.status}</th>
          <th scope="col">{T.budget}</th>
          <th scope="col">{T.schedule}</th>
          <th scope="col">{T.impressions}</th>
          <th scope="col">{T.spend}</th>
          <th scope="col">{T.actions}</th>
        </tr>
      </thead>
      <tbody>
        {campaigns.data.map((c) => (
          <CampaignRow key={c.id} campaign={c} account={account} />
        ))}
      </tbody>
    </table>
  );
}

function CampaignRow({ campaign: c, account }: { campaign: Campaign; account: Advertiser }) {
  const update = useUpdateCampaign(account.id);
  const [editing, setEditing] = useState(false);
  const [budget, setBudget] = useState(String(c.daily_budget_in_micro_currency / BUDGET_MICRO_MULTIPLIER));
  const min = minDailyBudgetOf(account.country);
  const error = update.error && isApiError(update.error) ? update.error.fullMessage : null;
  const set = (status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED') => update.mutate({ campaign_id: c.id, status });
  return (
    <tr>
      <th scope="row">{c.name}</th>
      <td>
        <span className={styles.status} data-status={c.status}>
          {T.statusName({ s: c.status })}
        </span>
      </td>
      <td>
        {editing ? (
          <form
            className={styles.inlineForm}
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate(
                { campaign_id: c.id, budget_in_micro_currency: Math.round(Number(budget) * BUDGET_MICRO_MULTIPLIER) },
                { onSuccess: () => setEditing(false) },
              );
            }}
          >
            <TextInput
              label={T.dailyBudget({ currency: account.currency })}
              hideLabel
              type="number"
              min={min}
              step="any"
              value={budget}
              onChange={(e) => setBudget(e.target.value)}
            />
            <Button type="submit" size="small" variant="primary" isDisabled={update.isPending}>
              {T.saveBudget}
            </Button>
          </form>
        ) : (
          money(c.daily_budget_in_micro_currency, account.currency)
        )}
        {error && <p className={styles.error}>{error}</p>}
      </td>
      <td>{c.inclusive_end_date ? `${c.start_date} – ${c.inclusive_end_date}` : `${c.start_date} –`}</td>
      <td>{formatCount(c.totals.impressions)}</td>
      <td>{money(c.totals.spend_in_micro_currency, account.currency)}</td>
      <td className={styles.rowActions}>
        {c.status === 'ACTIVE' && (
          <Button size="small" onPress={() => set('PAUSED')} isDisabled={update.isPending}>
            {T.pause}
          </Button>
        )}
        {c.status === 'PAUSED' && (
          <Button size="small" onPress={() => set('ACTIVE')} isDisabled={update.isPending}>
            {T.resume}
          </Button>
        )}
        {c.status !== 'ARCHIVED' && (
          <>
            <Button size="small" onPress={() => setEditing(!editing)}>
              {T.editBudget}
            </Button>
            <Button size="small" onPress={() => set('ARCHIVED')} isDisabled={update.isPending}>
              {T.archive}
            </Button>
          </>
        )}
      </td>
    </tr>
  );
}

function BillingPage({ account }: { account: Advertiser }) {
  const billing = useBilling(account.id);
  const days = useMemo(() => (billing.data ? [...billing.data.days].reverse() : []), [billing.data]);
  const dayList = useMemo(() => days.map((d) => d.date), [days]);
  const series = useMemo(() => [{ label: T.spend, color: '#0076d3', values: days.map((d) => d.spend_in_micro_currency / BUDGET_MICRO_MULTIPLIER) }], [days]);
  const format = useMemo(() => (v: number) => money(v * BUDGET_MICRO_MULTIPLIER, account.currency), [account.currency]);
  if (billing.isPending) return <Spinner />;
  if (billing.isError) return <FormError>{isApiError(billing.error) ? billing.error.fullMessage : T.noSpend}</FormError>;
  const b = billing.data;
  return (
    <section aria-labelledby="billing-heading">
      <h2 id="billing-heading" className={styles.h2}>
        {T.billingPageHeading}
      </h2>
      <p className={styles.muted}>{T.billingBody}</p>
      <dl className={styles.totals}>
        <div>
          <dt>{T.totalSpend}</dt>
          <dd>{money(b.total_spend_in_micro_currency, b.currency)}</dd>
        </div>
      </dl>
      <h3 className={styles.h3}>{T.spendHistory}</h3>
      {days.length === 0 ? <p className={styles.muted}>{T.noSpend}</p> : <ReportChart days={dayList} series={series} label={T.spendHistory} format={format} />}
      <h3 className={styles.h3}>{T.statements}</h3>
      {b.statements.length === 0 ? (
        <p className={styles.muted}>{T.noSpend}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{T.month}</th>
              <th scope="col">{T.campaignsCount}</th>
              <th scope="col">{T.impressions}</th>
              <th scope="col">{T.spend}</th>
            </tr>
          </thead>
          <tbody>
            {b.statements.map((s) => (
              <tr key={s.month}>
                <th scope="row">{s.month}</th>
                <td>{s.campaigns}</td>
                <td>{formatCount(s.impressions)}</td>
                <td>{money(s.spend_in_micro_currency, b.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function InfoPage({ urlKey, account }: { urlKey: string; account: Advertiser }) {
  const first = urlKey.split('/')[0]!;
  const values = { section: first.replace(/-/g, '_'), first };
  const section = { title: T.section.title(values), holds: T.section.holds(values) };
  const base = `/advertiser/${account.id}`;
  return (
    <section className={styles.info} aria-labelledby="info-heading">
      <h2 id="info-heading" className={styles.h2}>
        {section.title}
      </h2>
      <p>{section.holds}</p>
      <p className={styles.muted}>{T.notAvailable}</p>
      <ul className={styles.canDo}>
        <li>{T.canDoPromote}</li>
        <li>
          <NavLink to={`${base}/reporting/campaigns/`}>{T.canDoReport}</NavLink>
        </li>
        <li>
          <NavLink to={`${base}/reporting/campaigns/`}>{T.canDoCampaigns}</NavLink>
        </li>
        <li>
          <NavLink to={`${base}/billing/`}>{T.canDoBilling}</NavLink>
        </li>
      </ul>
    </section>
  );
}
