/**
 * The demo business's ad account (Denmark, in kroner) and a running
 * campaign promoting its linen throw to people in the US (where the demo
 * people are), started two weeks ago. Its first thirteen days of totals are
 * demo history written straight into the daily totals, so the reporting
 * page has a chart on a fresh install; from today on, every number comes
 * from real impressions, clicks and saves.
 */
import { BUDGET_MICRO_MULTIPLIER } from '@pinboard/shared/constants/limits';
import { defaultDailyBudgetOf } from '@pinboard/shared/constants/ads';
import type { Db } from '../db/client';
import { adsRepo } from '../modules/ads/ads.repo';

const HISTORY_DAYS = 13;

export async function seedDemoAds(db: Db, businessId: string) {
  const account = await adsRepo.insertAdvertiser(db, { ownerId: businessId, name: 'Nordic Nest Studio', country: 'DK', currency: 'DKK' });
  if (!account) return null;
  const [pin] = await db.query<{ id: string; link: string }>(
    "SELECT id, link FROM pins WHERE pinner_id = $1 AND title = 'Washed linen throw' ORDER BY id LIMIT 1",
    [businessId],
  );
  if (!pin) return null;
  const daily = defaultDailyBudgetOf('DK') * BUDGET_MICRO_MULTIPLIER;
  const made = await db.tx((tx) =>
    adsRepo.insertCampaign(tx, {
      advertiserId: account.id,
      ownerUserId: businessId,
      name: 'Linen for slow mornings',
      objectiveType: 'CONSIDERATION',
      dailyBudgetMicro: daily,
      lifetimeBudgetMicro: daily * 30,
      durationDays: 30,
      isOngoing: false,
      endDate: null,
      country: 'US',
      ages: [],
      genders: [],
      interests: ['home-decor'],
      autoTargeting: true,
      pinId: pin.id,
      destinationUrl: pin.link || null,
    }),
  );
  await db.query(`UPDATE ad_campaigns SET start_date = CURRENT_DATE - $2::int, end_date = CURRENT_DATE - $2::int + 29 WHERE id = $1`, [
    made.campaign_id,
    HISTORY_DAYS,
  ]);
  // Demo history: a curve of impressions with clicks and saves in proportion.
  await db.query(
    `INSERT INTO ad_daily_stats (ad_id, day, impressions, clicks, saves, spend_micro)
     SELECT $1, CURRENT_DATE - d, imp, imp / 40, imp / 25, imp * 5000
     FROM (SELECT d, (900 + 500 * sin(d / 2.0) + 40 * (${HISTORY_DAYS} - d))::bigint AS imp FROM generate_series(1, $2::int) d) s`,
    [made.ad_id, HISTORY_DAYS],
  );
  await db.query(`UPDATE ad_campaigns SET spend_micro = (SELECT sum(spend_micro) FROM ad_daily_stats WHERE ad_id = $2) WHERE id = $1`, [
    made.campaign_id,
    made.ad_id,
  ]);
  return { advertiserId: account.id, ...made };
}
