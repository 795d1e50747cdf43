/**
 * Quick promote and the advertiser area (docs/product/logged-out-and-business.md §2, §9).
 * Amounts here are in whole units of the account's currency; the API carries
 * them in micro currency (× BUDGET_MICRO_MULTIPLIER).
 */
import type { EuMemberState } from './euMemberStates';

export const QUICK_PROMOTE_DEFAULT_COUNTRY = 'US';
const QUICK_PROMOTE_DEFAULT_DURATION_DAYS = 10;
/** Max budget "and similar limits" (docs/product/logged-out-and-business.md §9). */
export const QUICK_PROMOTE_MAX_BUDGET = 1_000_000;
export const QUICK_PROMOTE_MAX_DURATION_DAYS = 365;
export const OBJECTIVE_TYPES = ['CONSIDERATION', 'WEB_CONVERSION', 'CATALOG_SALES'] as const;
export type ObjectiveType = (typeof OBJECTIVE_TYPES)[number];

/** Currencies an ad account can hold (docs/product/logged-out-and-business.md §9): these, and USD by default. */
export const AD_CURRENCIES = ['USD', 'EUR', 'AUD', 'CAD', 'CHF', 'DKK', 'GBP', 'NOK', 'NZD', 'SEK'] as const;
export type AdCurrency = (typeof AD_CURRENCIES)[number];
const AD_DEFAULT_CURRENCY: AdCurrency = 'USD';

/** The ad countries whose currency is the euro: EU member states (the type checks it) that ads are offered in. */
const EURO_COUNTRIES = ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'GR', 'IE', 'IT', 'LU', 'NL', 'PT'] as const satisfies readonly EuMemberState[];

/**
 * Countries an ad account and a campaign's targeting may name: those of the
 * supported language lists (docs/product/logged-out-and-business.md §9: en US GB CA IN AU ID, es ES and Latin America,
 * pt BR, de DE AT CH, fr FR, id ID, ja JP, it IT, sv SE) and the countries the
 * budget rules name (NZ, NO, DK, CZ), plus the euro countries.
 */
export const AD_COUNTRIES = [
  'US',
  'GB',
  'CA',
  'IN',
  'AU',
  'ID',
  'NZ',
  'ES',
  'MX',
  'AR',
  'CL',
  'CO',
  'PE',
  'BR',
  'DE',
  'AT',
  'CH',
  'FR',
  'JP',
  'IT',
  'SE',
  'NO',
  'DK',
  'CZ',
  'BE',
  'FI',
  'GR',
  'IE',
  'LU',
  'NL',
  'PT',
] as const;

const OWN_CURRENCY: Partial<Record<string, AdCurrency>> = {
  AU: 'AUD',
  CA: 'CAD',
  CH: 'CHF',
  DK: 'DKK',
  GB: 'GBP',
  NO: 'NOK',
  NZ: 'NZD',
  SE: 'SEK',
  ...Object.fromEntries(EURO_COUNTRIES.map((c) => [c, 'EUR' as const])),
};

/** The currencies a country's ad account may use: its own when listed, and USD. */
export function currenciesOf(country: string): AdCurrency[] {
  const own = OWN_CURRENCY[country];
  return own ? [own, AD_DEFAULT_CURRENCY] : [AD_DEFAULT_CURRENCY];
}
/** The currency a new ad account in the country starts with. */
export const defaultCurrencyOf = (country: string): AdCurrency => OWN_CURRENCY[country] ?? AD_DEFAULT_CURRENCY;

/** Default campaign length in days: 30 for SE, NO, DK, 10 elsewhere. */
export function defaultDurationOf(country: string): number {
  return ['SE', 'NO', 'DK'].includes(country) ? 30 : QUICK_PROMOTE_DEFAULT_DURATION_DAYS;
}

/** Minimum daily budget: 1 in most countries, 3 US, 80 CZ, 10 SE/NO/DK. */
export function minDailyBudgetOf(country: string): number {
  if (country === 'US') return 3;
  if (country === 'CZ') return 80;
  if (['SE', 'NO', 'DK'].includes(country)) return 10;
  return 1;
}

/** Default daily budget: 7 (US, most of the EU and elsewhere), 10 AU/NZ, 9 CA, 5 GB, 150 CZ, 70 SE/NO, 50 DK. */
export function defaultDailyBudgetOf(country: string): number {
  const special: Record<string, number> = { AU: 10, NZ: 10, CA: 9, GB: 5, CZ: 150, SE: 70, NO: 70, DK: 50 };
  return special[country] ?? 7;
}

/** Who a campaign may reach (the quick-promote targeting). */
export const AD_AGE_GROUPS = ['18-24', '25-34', '35-44', '45-49', '50-54', '55-64', '65+'] as const;
export const AD_GENDERS = ['female', 'male', 'unknown'] as const;

/** Quick-promote modal widths (docs/product/logged-out-and-business.md §9): under 870 narrow, 870–1275 medium, above wide. */
export type QuickPromoteViewport = 'narrow' | 'medium' | 'wide';
export function quickPromoteViewportOf(width: number): QuickPromoteViewport {
  if (width < 870) return 'narrow';
  if (width <= 1275) return 'medium';
  return 'wide';
}

/** Campaign states (CampaignResource update sets the first three; COMPLETED once its end date or budget is reached). */
export const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'COMPLETED'] as const;

/**
 * The advertiser area's URL keys under /advertiser/{advertiserId}/ (docs/product/logged-out-and-business.md §2), as
 * paths without slashes at either end. `*` stands for one id segment. Any
 * other key is an error page.
 */
const ADVERTISER_URL_KEYS = [
  'reporting/campaigns',
  'reporting/adgroups',
  'reporting/ads',
  'reporting/productgroups',
  'reporting/productitems',
  'reporting/keywords',
  'reporting/searchqueries',
  'ads/create',
  'ads/edit',
  'ads/edit_draft',
  'ads/duplicate',
  'ads/bulk_edit',
  'ads/campaign_mode',
  'automated/ads/create',
  'automated/ads/edit',
  'audiences',
  'billing',
  'billing/history',
  'billing/order_lines',
  'billing/promotions',
  'billing/documents',
  'billing/tax_documents',
  'billing/prepaid_campaign_spend_summary',
  'bulk_editor',
  'bulk_editor/upload_template',
  'bulk_editor/download_template',
  'bulk_editor/history',
  'bulk_editor/bulk_id_library',
  'bulk_editor/resources',
  'experiments',
  'experiments/create',
  'experiments/manage',
  'experiments/manage/*',
  'experiments/ab-test/create',
  'conversions',
  'conversions/tag',
  'conversions/events-overview',
  'conversions/event-history',
  'conversions/health',
  'conversions/test-events',
  'conversions/upload',
  'conversions/history',
  'conversions/api-setup',
  'conversions/access_token',
  'conversions/deduplication',
  'conversions/payload-helper',
  'report-center',
  'report-center/builder',
  'report-center/history',
  'report-center/unsubscribe',
  'report-center/download',
  'quick-promote',
  'campaign-insights/*',
  'campaign-insights/*/product-group/*',
  'media_planner',
  'msot-optimizer',
  'accounts_manager',
  'product-catalogs/data-source',
  'recommendations',
  'history',
] as const;

const isIdSegment = (s: string) => /^\d{1,19}$/.test(s);

/**
 * The URL key of the segments after /advertiser/{advertiserId}/ (e.g.
 * ['reporting', 'campaigns'] → 'reporting/campaigns', ['campaign-insights',
 * '12'] → 'campaign-insights/*'), or null for an unknown key.
 */
export function advertiserUrlKey(segments: readonly string[]): string | null {
  const parts = segments.filter((s) => s !== '');
  if (parts.length === 0) return null;
  return (
    ADVERTISER_URL_KEYS.find((key) => {
      const want = key.split('/');
      return want.length === parts.length && want.every((w, i) => (w === '*' ? isIdSegment(parts[i]!) : w === parts[i]));
    }) ?? null
  );
}
