/** Advertising calls (docs/product/api-contract.md §8): ad accounts, quick promote, campaigns, reports, billing, promoted-Pin events. */
import type { TAdvertiserOut, TCampaignOut, TCreateAdvertiser, TQuickPromote, TReportRowOut } from '@pinboard/shared/schemas/ads';
import { api, apiRoute } from '../../lib/api';

export type Advertiser = TAdvertiserOut;
export type Campaign = TCampaignOut;
export type ReportRow = TReportRowOut;
export type ReportLevel = 'campaigns' | 'adgroups' | 'ads';

/** The idea categories a campaign may target: the topics catalogue's top level (InterestsResource). */
export const fetchInterestCategories = async (signal?: AbortSignal) =>
  (await api.resource('InterestsResource', 'get', {}, signal)).data.filter((i) => i.parent_id === null);
export const fetchAdvertisers = async (signal?: AbortSignal) => (await api.resource('AdvertiserResource', 'get', {}, signal)).data;

/** The form's country and currency come from the lists the server takes; the server checks them again (`zCreateAdvertiser`). */
export const createAdvertiser = async (o: { name: string; country: string; currency: string }) =>
  (await api.resource('AdvertiserResource', 'create', o as TCreateAdvertiser)).data;

export async function quickPromote(advertiserId: string, pinId: string, payload: TQuickPromote) {
  return (await apiRoute('POST /ads/v4/advertisers/:advertiserId/pins/:pinId/quick_promote/', { params: { advertiserId, pinId }, body: payload })).data;
}

export const fetchCampaigns = async (advertiserId: string, signal?: AbortSignal) =>
  (await api.resource('CampaignsResource', 'get', { advertiser_id: advertiserId }, signal)).data;

export const updateCampaign = async (o: {
  campaign_id: string;
  status?: 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
  budget_in_micro_currency?: number;
  inclusive_end_date?: string | null;
}) => (await api.resource('CampaignResource', 'update', o)).data;

export const fetchReport = async (
  o: { advertiser_id: string; level: ReportLevel; start_date: string; end_date: string; granularity: 'DAY' | 'TOTAL' },
  signal?: AbortSignal,
) => (await api.resource('AdvertiserReportResource', 'get', o, signal)).data;

export const fetchBilling = async (advertiserId: string, signal?: AbortSignal) =>
  (await api.resource('AdvertiserBillingResource', 'get', { advertiser_id: advertiserId }, signal)).data;
