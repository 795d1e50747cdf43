/**
 * Promoted Pins in home feeds (decision 036). A page asks nothing more of
 * the database for a viewer whose country no ad serves in (the set of
 * serving countries is kept in memory, refreshed every COUNTRIES_TTL_MS and
 * at once on this server's own campaign changes); otherwise one statement
 * picks the ads, records their impressions and paces the budgets.
 */
import type { TPinOut } from '@pinboard/shared/schemas/entities';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { adsRepo, type PromotedPinRow } from './ads.repo';
import { presentPromotedPin } from './ads.present';

/** One ad for every this many organic Pins of a page (at most), the first after the third Pin. */
const ORGANIC_PINS_PER_AD = 10;
const FIRST_AD_AFTER = 3;
/** Fixed price of a thousand impressions, in micro currency (5 units of the account's currency). */
const PRICE_PER_THOUSAND_MICRO = 5_000_000;
const PRICE_PER_IMPRESSION_MICRO = PRICE_PER_THOUSAND_MICRO / 1000;
const COUNTRIES_TTL_MS = 15_000;

/** How many ads a page of this many organic Pins may carry. */
const adsPerPage = (organic: number) => (organic < FIRST_AD_AFTER + 1 ? 0 : Math.max(1, Math.floor(organic / ORGANIC_PINS_PER_AD)));

/** Places the ads among the organic Pins: after the third, then every ORGANIC_PINS_PER_AD. */
function interleave<T>(organic: T[], ads: T[]): T[] {
  const out: T[] = [];
  let next = 0;
  organic.forEach((pin, i) => {
    out.push(pin);
    if (next < ads.length && i + 1 === FIRST_AD_AFTER + next * ORGANIC_PINS_PER_AD) out.push(ads[next++]!);
  });
  return out;
}

/** Campaigns that an impression just started (their first) or whose budget it spent (decision 086: their owners are told). */
type CampaignChanged = (campaigns: { id: string; ownerId: string }[], status: 'started' | 'budget_spent') => Promise<void>;

export function createDelivery(db: Db, onCampaignChanged: CampaignChanged) {
  let countries: { set: Set<string>; at: number } | null = null;
  let loading: Promise<Set<string>> | null = null;

  async function servingCountries(): Promise<Set<string>> {
    if (countries && Date.now() - countries.at < COUNTRIES_TTL_MS) return countries.set;
    loading ??= adsRepo
      .servingCountries(db)
      .then((list) => {
        countries = { set: new Set(list), at: Date.now() };
        return countries.set;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    forgetCountries() {
      countries = null;
    },

    /** The page with its ads placed among the organic Pins (none for signed-out visitors). */
    async withAds(viewer: Viewer | null, organic: TPinOut[]): Promise<TPinOut[]> {
      const limit = adsPerPage(organic.length);
      if (!viewer?.country || limit === 0) return organic;
      if (!(await servingCountries()).has(viewer.country)) return organic;
      const rows = await adsRepo.serve(
        db,
        viewer.id,
        viewer.country,
        organic.map((p) => p.id),
        limit,
        PRICE_PER_IMPRESSION_MICRO,
      );
      const campaignsWhere = (changed: (r: PromotedPinRow) => boolean | null) => [
        ...new Map(rows.filter(changed).map((r) => [r.campaign_id, { id: r.campaign_id, ownerId: r.promoter_id }])).values(),
      ];
      const started = campaignsWhere((r) => r.campaign_started);
      if (started.length > 0) await onCampaignChanged(started, 'started');
      const spent = campaignsWhere((r) => r.campaign_completed);
      if (spent.length > 0) await onCampaignChanged(spent, 'budget_spent');
      return rows.length === 0 ? organic : interleave(organic, rows.map(presentPromotedPin));
    },
  };
}
