/**
 * The advertiser report's rows as the CSV the reporting page downloads: the
 * shared writer (`@pinboard/shared/text/csv`), so a campaign, ad group or ad
 * named like a formula (`=HYPERLINK(…)`) stays text in a spreadsheet.
 */
import { BUDGET_MICRO_MULTIPLIER } from '@pinboard/shared/constants/limits';
import { csvDocument } from '@pinboard/shared/text/csv';
import type { ReportRow } from './ads.api';

export function reportCsv(rows: readonly ReportRow[], currency: string): string {
  const head = ['date', 'id', 'name', 'campaign_id', 'impressions', 'outbound_clicks', 'saves', `spend_${currency}`];
  const body = rows.map((r) => [
    r.date ?? '',
    r.id,
    r.name,
    r.campaign_id,
    r.impressions,
    r.clicks,
    r.saves,
    (r.spend_in_micro_currency / BUDGET_MICRO_MULTIPLIER).toFixed(2),
  ]);
  return csvDocument([head, ...body]);
}
