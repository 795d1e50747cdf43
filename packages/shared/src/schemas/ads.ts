/**
 * Advertising (docs/product/api-contract.md §8 "advertising";
 * docs/product/logged-out-and-business.md §3, §5, §7, §9): ad accounts, the quick-promote payload, campaigns and reports.
 * Rules that need the ad account (a budget's minimum for its country) are
 * checked by the server; those that need nothing else are checked here.
 */
import { z } from 'zod';
import {
  AD_AGE_GROUPS,
  AD_COUNTRIES,
  AD_CURRENCIES,
  AD_GENDERS,
  CAMPAIGN_STATUSES,
  OBJECTIVE_TYPES,
  QUICK_PROMOTE_MAX_BUDGET,
  QUICK_PROMOTE_MAX_DURATION_DAYS,
  currenciesOf,
} from '../constants/ads';
import { BUDGET_MICRO_MULTIPLIER } from '../constants/limits';
import { zId } from './common';

/** A calendar date, YYYY-MM-DD. */
const zIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date: expected YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Invalid date: no such day');

const zAdCountry = z.enum(AD_COUNTRIES);
const zAdCurrency = z.enum(AD_CURRENCIES);

export const zCreateAdvertiser = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    country: zAdCountry,
    currency: zAdCurrency,
  })
  .refine((o) => currenciesOf(o.country).includes(o.currency), {
    path: ['currency'],
    message: 'currency: that currency is not used for ad accounts in that country.',
  });
export type TCreateAdvertiser = z.infer<typeof zCreateAdvertiser>;

/** Budgets in micro currency: a whole positive number, at most the maximum of docs/product/logged-out-and-business.md §9. */
const zMicroBudget = z
  .number()
  .int()
  .positive()
  .max(QUICK_PROMOTE_MAX_BUDGET * BUDGET_MICRO_MULTIPLIER, `budget_in_micro_currency: at most ${QUICK_PROMOTE_MAX_BUDGET} a day.`);

const zTargetingSpec = z.strictObject({
  country: zAdCountry,
  ages: z.array(z.enum(AD_AGE_GROUPS)).max(AD_AGE_GROUPS.length).optional(),
  genders: z.array(z.enum(AD_GENDERS)).max(AD_GENDERS.length).optional(),
  interests: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
});

/** POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/ (docs/product/logged-out-and-business.md §7). */
export const zQuickPromote = z
  .strictObject({
    budget_in_micro_currency: zMicroBudget,
    campaign_name: z.string().trim().min(1).max(200),
    destination_url: z.string().trim().max(2048).url().nullable().optional(),
    duration: z.number().int().min(1).max(QUICK_PROMOTE_MAX_DURATION_DAYS, `duration: at most ${QUICK_PROMOTE_MAX_DURATION_DAYS} days.`),
    auto_targeting_enabled: z.boolean(),
    is_ongoing: z.boolean(),
    start_now: z.literal(true),
    targeting_spec: zTargetingSpec,
    advertiser_id: zId,
    ads_client_type: z.literal('quick_promote'),
    pin_id: zId,
    product_group_id: zId.nullable().optional(),
    flexible_daily_budget_enabled: z.literal(false),
    inclusive_end_date: zIsoDate.optional(),
    objective_type: z.enum(OBJECTIVE_TYPES).optional(),
    optimization_goal_metadata: z.strictObject({ conversion_tag_id: zId, conversion_event: z.string().trim().min(1).max(64) }).optional(),
  })
  .refine((o) => !(o.is_ongoing && o.inclusive_end_date), {
    path: ['inclusive_end_date'],
    message: 'inclusive_end_date: an ongoing campaign has no end date.',
  });
export type TQuickPromote = z.infer<typeof zQuickPromote>;

export const zAdvertiserOptions = z.strictObject({ advertiser_id: zId });
export const zGetAdvertisers = z.strictObject({});
/** BoardAdsResource get: a board's running campaigns, for its owner. */
export const zBoardAds = z.strictObject({ board_id: zId });

export const zUpdateCampaign = z.strictObject({
  campaign_id: zId,
  status: z.enum(['ACTIVE', 'PAUSED', 'ARCHIVED']).optional(),
  budget_in_micro_currency: zMicroBudget.optional(),
  inclusive_end_date: zIsoDate.nullable().optional(),
});
export type TUpdateCampaign = z.infer<typeof zUpdateCampaign>;

export const zAdvertiserReport = z.strictObject({
  advertiser_id: zId,
  level: z.enum(['campaigns', 'adgroups', 'ads']),
  start_date: zIsoDate,
  end_date: zIsoDate,
  granularity: z.enum(['DAY', 'TOTAL']).optional(),
});
export type TAdvertiserReport = z.infer<typeof zAdvertiserReport>;

/** Outbound clicks and saves of a Pin served as an ad, told by the web app (impressions are counted when served). */
export const zPromotedPinEvent = z.strictObject({
  pin_id: zId,
  event: z.enum(['outbound_click', 'save']),
});

// Answers

export const zAdvertiserOut = z.strictObject({
  id: z.string(),
  owner_user_id: z.string(),
  name: z.string(),
  country: z.string(),
  currency: z.string(),
  is_impersonation: z.boolean(),
  /** The viewer's role on the account: OWNER today (decided in ads.policy.ts). */
  role: z.string(),
  created_at: z.string(),
});
export type TAdvertiserOut = z.infer<typeof zAdvertiserOut>;

export const zCampaignOut = z.strictObject({
  id: z.string(),
  advertiser_id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  objective_type: z.enum(OBJECTIVE_TYPES),
  daily_budget_in_micro_currency: z.number(),
  lifetime_budget_in_micro_currency: z.number().nullable(),
  currency: z.string(),
  start_date: z.string(),
  inclusive_end_date: z.string().nullable(),
  is_ongoing: z.boolean(),
  duration: z.number().int(),
  pin_id: z.string().nullable(),
  ad_group_id: z.string().nullable(),
  ad_id: z.string().nullable(),
  totals: z.strictObject({ impressions: z.number(), clicks: z.number(), saves: z.number(), spend_in_micro_currency: z.number() }),
  created_at: z.string(),
});
export type TCampaignOut = z.infer<typeof zCampaignOut>;

export const zReportRowOut = z.strictObject({
  id: z.string(),
  name: z.string(),
  campaign_id: z.string(),
  /** The day (DAY granularity) or null (TOTAL). */
  date: z.string().nullable(),
  impressions: z.number(),
  clicks: z.number(),
  saves: z.number(),
  spend_in_micro_currency: z.number(),
});
export type TReportRowOut = z.infer<typeof zReportRowOut>;

export const zBillingOut = z.strictObject({
  currency: z.string(),
  total_spend_in_micro_currency: z.number(),
  days: z.array(z.strictObject({ date: z.string(), spend_in_micro_currency: z.number() })),
  statements: z.array(z.strictObject({ month: z.string(), spend_in_micro_currency: z.number(), impressions: z.number(), campaigns: z.number() })),
});
