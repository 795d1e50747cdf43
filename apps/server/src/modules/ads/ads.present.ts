/** Ad accounts, campaigns and report rows as the shared answer schemas spell them. */
import type { TAdvertiserOut, TCampaignOut, TReportRowOut } from '@pinboard/shared/schemas/ads';
import type { TPinOut } from '@pinboard/shared/schemas/entities';
import { presentPin } from '../pins';
import type { AdAccountRole } from './ads.policy';
import type { AdvertiserRow, CampaignRow, PromotedPinRow, ReportRow } from './ads.repo';

export function presentAdvertiser(a: AdvertiserRow, role: AdAccountRole, viewerId: string): TAdvertiserOut {
  return {
    id: a.id,
    owner_user_id: a.owner_user_id,
    name: a.name,
    country: a.country,
    currency: a.currency,
    // A multi-user account seen by someone other than its business.
    is_impersonation: a.owner_user_id !== viewerId,
    role,
    created_at: a.created_at.toISOString(),
  };
}

/** Today as YYYY-MM-DD in the database's sense of days (UTC on our servers). */
const today = () => new Date().toISOString().slice(0, 10);

/** A running campaign past its end date is COMPLETED. */
function campaignStatusOf(c: Pick<CampaignRow, 'status' | 'end_date'>): TCampaignOut['status'] {
  if (c.status === 'ACTIVE' && c.end_date !== null && c.end_date < today()) return 'COMPLETED';
  return c.status;
}

export function presentCampaign(c: CampaignRow): TCampaignOut {
  return {
    id: c.id,
    advertiser_id: c.advertiser_id,
    name: c.name,
    status: campaignStatusOf(c),
    objective_type: c.objective_type,
    daily_budget_in_micro_currency: Number(c.daily_budget_micro),
    lifetime_budget_in_micro_currency: c.lifetime_budget_micro === null ? null : Number(c.lifetime_budget_micro),
    currency: c.currency,
    start_date: c.start_date,
    inclusive_end_date: c.end_date,
    is_ongoing: c.is_ongoing,
    duration: c.duration_days,
    pin_id: c.pin_id,
    ad_group_id: c.ad_group_id,
    ad_id: c.ad_id,
    totals: {
      impressions: Number(c.impressions),
      clicks: Number(c.clicks),
      saves: Number(c.saves),
      spend_in_micro_currency: Number(c.total_spend_micro),
    },
    created_at: c.created_at.toISOString(),
  };
}

export function presentReportRow(r: ReportRow): TReportRowOut {
  return {
    id: r.id,
    name: r.name,
    campaign_id: r.campaign_id,
    date: r.date,
    impressions: Number(r.impressions),
    clicks: Number(r.clicks),
    saves: Number(r.saves),
    spend_in_micro_currency: Number(r.spend_micro),
  };
}

/** A Pin served as an ad: the Pin, marked promoted, with its promoter. */
export function presentPromotedPin(p: PromotedPinRow): TPinOut {
  return { ...presentPin(p), is_promoted: true, promoter: { id: p.promoter_id, username: p.promoter_username, full_name: p.promoter_full_name } };
}
