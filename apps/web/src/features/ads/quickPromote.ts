/**
 * The quick-promote flow's rules that are not drawing
 * (docs/product/logged-out-and-business.md §4, §5, §7, §8): the steps and their order, the payload, the error area.
 */
import { z } from 'zod';
import {
  AD_COUNTRIES,
  QUICK_PROMOTE_DEFAULT_COUNTRY,
  QUICK_PROMOTE_MAX_BUDGET,
  QUICK_PROMOTE_MAX_DURATION_DAYS,
  defaultCurrencyOf,
  defaultDailyBudgetOf,
  defaultDurationOf,
  minDailyBudgetOf,
  type ObjectiveType,
} from '@pinboard/shared/constants/ads';
import { BUDGET_MICRO_MULTIPLIER } from '@pinboard/shared/constants/limits';
import { zCreateAdvertiser, zQuickPromote, type TQuickPromote } from '@pinboard/shared/schemas/ads';
import { truncateCampaignName } from '@pinboard/shared/text/truncate';
import { TEXTS } from '../../lib/allTexts';
import type { Advertiser } from './ads.api';

/** The modal's steps (docs/product/logged-out-and-business.md §2): the Pin, the business, billing, review, then success or error; tag and GDPR are side modals. */
const QUICK_PROMOTE_STEPS = ['pin_selection', 'business_form', 'billing_form', 'review', 'success', 'error'] as const;
export type QuickPromoteStep = (typeof QUICK_PROMOTE_STEPS)[number];

export interface StepState {
  /** The server reported an error for the modal area. */
  modalError: boolean;
  businessValid: boolean;
  billingValid: boolean;
  /** On the dedicated /advertiser/{id}/quick-promote/ page rather than in a modal. */
  onDedicatedPage: boolean;
}

/**
 * Advancing from the review step (docs/product/logged-out-and-business.md §4): the error modal if the server reported
 * a modal-area error; else success when business and billing are valid; else
 * the billing form when only the business is; else the business form (none
 * on the dedicated page, which shows it already).
 */
export function stepAfterReview(s: StepState): QuickPromoteStep | null {
  if (s.modalError) return 'error';
  if (s.businessValid && s.billingValid) return 'success';
  if (s.businessValid) return 'billing_form';
  return s.onDedicatedPage ? null : 'business_form';
}

/** The step after `step` in order, or null past the last. */
export function nextStep(step: QuickPromoteStep): QuickPromoteStep | null {
  const i = QUICK_PROMOTE_STEPS.indexOf(step);
  return i >= 0 && i + 1 < QUICK_PROMOTE_STEPS.length ? QUICK_PROMOTE_STEPS[i + 1]! : null;
}

export interface QuickPromoteValues {
  name: string;
  destination_url: string;
  /** Daily budget in whole currency units (as typed). */
  budget: number;
  duration: number;
  inclusive_end_date: string;
  is_ongoing: boolean;
  advertiser_id: string;
  pin_id: string;
  country: string;
  ages: string[];
  genders: string[];
  interests: string[];
  auto_targeting: boolean;
  objective_type?: TQuickPromote['objective_type'];
  conversion_tag?: { id: string; event: string } | null;
}

/**
 * The payload of docs/product/logged-out-and-business.md §7: budget in micro currency, the name cut to 62 + '…' from
 * 64 characters, the duration as an integer, the end date only when not
 * ongoing and not blank; conversion details only for web-conversion ads.
 */
export function quickPromotePayload(v: QuickPromoteValues): TQuickPromote {
  const endDate = v.inclusive_end_date.trim();
  const conversion = v.objective_type === 'WEB_CONVERSION' && v.conversion_tag;
  return {
    budget_in_micro_currency: Math.round(v.budget * BUDGET_MICRO_MULTIPLIER),
    campaign_name: truncateCampaignName(v.name.trim()),
    destination_url: v.destination_url.trim() || null,
    duration: Math.trunc(v.duration),
    auto_targeting_enabled: v.auto_targeting,
    is_ongoing: v.is_ongoing,
    start_now: true,
    targeting_spec: { ages: v.ages as never, interests: v.interests, genders: v.genders as never, country: v.country as never },
    advertiser_id: v.advertiser_id,
    ads_client_type: 'quick_promote',
    pin_id: v.pin_id,
    product_group_id: null,
    flexible_daily_budget_enabled: false,
    ...(!v.is_ongoing && endDate ? { inclusive_end_date: endDate } : {}),
    ...(conversion
      ? { objective_type: 'WEB_CONVERSION' as const, optimization_goal_metadata: { conversion_tag_id: conversion.id, conversion_event: conversion.event } }
      : v.objective_type
        ? { objective_type: v.objective_type }
        : {}),
  };
}

/** Where a save failure shows (docs/product/logged-out-and-business.md §8): 'pin' for 401, else the modal (the error step); message_detail when present. */
export function quickPromoteErrorOf(err: { httpStatus: number; message: string; messageDetail: string }): { area: 'pin' | 'modal'; message: string } {
  const detail = err.messageDetail.trim();
  if (!detail) return { area: 'modal', message: err.message };
  return { area: err.httpStatus === 401 ? 'pin' : 'modal', message: detail };
}

/** The roles on an ad account that allow quick promote (the server's `canManageCampaigns`, decision 043). */
const PROMOTING_ROLES = new Set(['OWNER', 'ADMIN']);

/**
 * The ad accounts the person may promote with: those where their role allows
 * it, the business they act as first, then the account of the Pin's owner,
 * then their own. The first one is the default.
 */
export function promotingAccounts(accounts: readonly Advertiser[], prefer: { actingAsId: string | null; pinOwnerId: string }): Advertiser[] {
  const rank = (a: Advertiser) => (a.owner_user_id === prefer.actingAsId ? 0 : a.owner_user_id === prefer.pinOwnerId ? 1 : !a.is_impersonation ? 2 : 3);
  return accounts.filter((a) => PROMOTING_ROLES.has(a.role)).sort((a, b) => rank(a) - rank(b));
}

/** What the quick-promote form holds (decision 083): the business step's and the billing step's fields, as typed. */
export interface QuickPromoteForm {
  /** The chosen ad account; null: the first the person may promote with. */
  accountId: string | null;
  /** A new ad account's name, country and currency (when the person has none). */
  accountName: string;
  accountCountry: string;
  currency: string;
  /** Whom to reach; null: the ad account's own country when ads reach it, else the new account's. */
  targetCountry: string | null;
  ages: string[];
  genders: string[];
  interests: string[];
  autoTargeting: boolean;
  name: string;
  destination: string;
  /** '' until typed: the country's default. */
  budget: string;
  duration: string;
  ongoing: boolean;
  endDate: string;
  objective: ObjectiveType;
  tag: { id: string; event: string } | null;
}

export function quickPromoteFormOf(campaignName: string, destination: string, businessName: string): QuickPromoteForm {
  return {
    accountId: null,
    accountName: businessName,
    accountCountry: QUICK_PROMOTE_DEFAULT_COUNTRY,
    currency: defaultCurrencyOf(QUICK_PROMOTE_DEFAULT_COUNTRY),
    targetCountry: null,
    ages: [],
    genders: [],
    interests: [],
    autoTargeting: true,
    name: campaignName,
    destination,
    budget: '',
    duration: '',
    ongoing: false,
    endDate: '',
    objective: 'CONSIDERATION',
    tag: null,
  };
}

/** The numbers the form's fields stand for, with the ad account chosen (or the new one's country and currency). */
export function quickPromoteFigures(f: QuickPromoteForm, account: Advertiser | null) {
  const billingCountry = account?.country ?? f.accountCountry;
  return {
    billingCountry,
    billingCurrency: account?.currency ?? f.currency,
    targetCountry: f.targetCountry ?? (account && (AD_COUNTRIES as readonly string[]).includes(account.country) ? account.country : f.accountCountry),
    minBudget: minDailyBudgetOf(billingCountry),
    budget: f.budget === '' ? defaultDailyBudgetOf(billingCountry) : Number(f.budget),
    duration: f.duration === '' ? defaultDurationOf(billingCountry) : Number(f.duration),
  };
}

/** The fields of the business step; the others are the billing step's. */
const BUSINESS_FIELDS = new Set<keyof QuickPromoteForm>([
  'accountId',
  'accountName',
  'accountCountry',
  'currency',
  'targetCountry',
  'ages',
  'genders',
  'interests',
  'autoTargeting',
]);

/** Which steps an issue list lets pass: Next on the business step needs the first, on billing the second. */
export function quickPromoteStepsValid(issues: Partial<Record<keyof QuickPromoteForm, string>>) {
  const keys = Object.keys(issues) as (keyof QuickPromoteForm)[];
  return { businessValid: !keys.some((k) => BUSINESS_FIELDS.has(k)), billingValid: keys.every((k) => BUSINESS_FIELDS.has(k)) };
}

const shape = zQuickPromote.shape;

/** A conversion tag as the server checks it in optimization_goal_metadata. */
export const zConversionTag = shape.optimization_goal_metadata.unwrap();
const ADVERTISER_FIELDS = { name: 'accountName', country: 'accountCountry', currency: 'currency' } as const;

/**
 * The form's checks (docs/product/logged-out-and-business.md §5, §9): a new ad account as the server's
 * zCreateAdvertiser checks it, the campaign name, budget and duration as zQuickPromote does (the
 * budget's minimum of the country too), an end date not before today, a tag for a web-conversion ad.
 */
export function quickPromoteFormSchema(account: Advertiser | null, today: string) {
  const T = TEXTS.ads;
  return z.custom<QuickPromoteForm>().superRefine((f, ctx) => {
    const issue = (path: keyof QuickPromoteForm, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!account) {
      const created = zCreateAdvertiser.safeParse({ name: f.accountName, country: f.accountCountry, currency: f.currency });
      for (const i of created.success ? [] : created.error.issues)
        issue(ADVERTISER_FIELDS[i.path[0] as keyof typeof ADVERTISER_FIELDS] ?? 'accountName', i.message);
    }
    const n = quickPromoteFigures(f, account);
    if (!shape.campaign_name.safeParse(f.name).success) issue('name', T.campaignName);
    if (!Number.isFinite(n.budget) || n.budget < n.minBudget) issue('budget', T.budgetTooLow({ min: n.minBudget, currency: n.billingCurrency }));
    else if (!shape.budget_in_micro_currency.safeParse(Math.round(n.budget * BUDGET_MICRO_MULTIPLIER)).success || n.budget > QUICK_PROMOTE_MAX_BUDGET)
      issue('budget', T.budgetTooHigh({ max: QUICK_PROMOTE_MAX_BUDGET }));
    if (!shape.duration.safeParse(n.duration).success) issue('duration', T.durationTooLong({ max: QUICK_PROMOTE_MAX_DURATION_DAYS }));
    if (!f.ongoing && f.endDate !== '' && f.endDate < today) issue('endDate', T.endBeforeStart);
    if (f.objective === 'WEB_CONVERSION' && f.tag === null) issue('tag', T.conversionTag);
  });
}
