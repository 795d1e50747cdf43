/** Ad accounts, campaigns, ad groups, ads, their events and daily totals: all the ads module's SQL. */
import type { Queryable } from '../../db/client';
import { newId } from '../../lib/ids';
import { notBlockedSql } from '../blocks';
import { PIN_ROW_SQL, visiblePinSql, selectVisiblePinsSql, type PinWithRefs } from '../../kernel';
import { notHiddenSql } from '../pin-hides';
import { adMayReachSql, adTargetingMatchesSql } from './ads.policy';

/** How long after being served an ad a person's outbound click or save of its Pin counts for it (migration 0030's trigger says the same). */
const ATTRIBUTION_DAYS = 7;

export interface AdvertiserRow {
  id: string;
  owner_user_id: string;
  name: string;
  country: string;
  currency: string;
  created_at: Date;
}

export interface CampaignRow {
  id: string;
  advertiser_id: string;
  name: string;
  status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED' | 'COMPLETED';
  objective_type: 'CONSIDERATION' | 'WEB_CONVERSION' | 'CATALOG_SALES';
  daily_budget_micro: string;
  lifetime_budget_micro: string | null;
  duration_days: number;
  is_ongoing: boolean;
  start_date: string;
  end_date: string | null;
  spend_micro: string;
  created_at: Date;
  currency: string;
  owner_user_id: string;
  pin_id: string | null;
  ad_group_id: string | null;
  ad_id: string | null;
  impressions: string;
  clicks: string;
  saves: string;
  total_spend_micro: string;
}

export interface NewCampaign {
  advertiserId: string;
  ownerUserId: string;
  name: string;
  objectiveType: string;
  dailyBudgetMicro: number;
  lifetimeBudgetMicro: number | null;
  durationDays: number;
  isOngoing: boolean;
  endDate: string | null;
  country: string;
  ages: string[];
  genders: string[];
  interests: string[];
  autoTargeting: boolean;
  pinId: string;
  destinationUrl: string | null;
}

export type PromotedPinRow = PinWithRefs & {
  ad_id: string;
  promoter_id: string;
  promoter_username: string;
  promoter_full_name: string;
  campaign_id: string;
  /** This impression spent the rest of the campaign's lifetime budget: it completed. */
  campaign_completed: boolean | null;
  /** This was the campaign's first impression: it started serving. */
  campaign_started: boolean | null;
};

export interface ReportRow {
  id: string;
  name: string;
  campaign_id: string;
  date: string | null;
  impressions: string;
  clicks: string;
  saves: string;
  spend_micro: string;
}

const DATE = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

const CAMPAIGN_SQL = `
  SELECT c.id, c.advertiser_id, c.name, c.status, c.objective_type, c.daily_budget_micro, c.lifetime_budget_micro, c.duration_days,
         c.is_ongoing, ${DATE('c.start_date')} AS start_date, ${DATE('c.end_date')} AS end_date, c.spend_micro, c.created_at,
         adv.currency, adv.owner_user_id, a.pin_id, a.ad_group_id, a.id AS ad_id,
         COALESCE(t.impressions, 0) AS impressions, COALESCE(t.clicks, 0) AS clicks, COALESCE(t.saves, 0) AS saves,
         COALESCE(t.spend, 0) AS total_spend_micro
  FROM ad_campaigns c
  JOIN advertisers adv ON adv.id = c.advertiser_id
  LEFT JOIN LATERAL (SELECT * FROM ads WHERE ads.campaign_id = c.id ORDER BY ads.id LIMIT 1) a ON true
  LEFT JOIN LATERAL (
    SELECT sum(s.impressions) AS impressions, sum(s.clicks) AS clicks, sum(s.saves) AS saves, sum(s.spend_micro) AS spend
    FROM ads x JOIN ad_daily_stats s ON s.ad_id = x.id WHERE x.campaign_id = c.id
  ) t ON true`;

export const adsRepo = {
  async advertiserById(db: Queryable, id: string) {
    const [row] = await db.query<AdvertiserRow>('SELECT * FROM advertisers WHERE id = $1', [id]);
    return row ?? null;
  },

  async advertiserOfOwner(db: Queryable, ownerId: string) {
    const [row] = await db.query<AdvertiserRow>('SELECT * FROM advertisers WHERE owner_user_id = $1', [ownerId]);
    return row ?? null;
  },

  advertisersOfOwners(db: Queryable, ownerIds: string[]) {
    return db.query<AdvertiserRow>('SELECT * FROM advertisers WHERE owner_user_id = ANY($1::bigint[])', [ownerIds]);
  },

  /** Inserts the account unless the business has one already (then null). */
  async insertAdvertiser(db: Queryable, a: { ownerId: string; name: string; country: string; currency: string }) {
    const [row] = await db.query<AdvertiserRow>(
      `INSERT INTO advertisers (id, owner_user_id, name, country, currency) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (owner_user_id) DO NOTHING RETURNING *`,
      [newId(), a.ownerId, a.name, a.country, a.currency],
    );
    return row ?? null;
  },

  /** A campaign, its ad group and its ad; run inside one transaction. */
  async insertCampaign(tx: Queryable, c: NewCampaign) {
    const campaignId = newId();
    const adGroupId = newId();
    const adId = newId();
    await tx.query(
      `INSERT INTO ad_campaigns (id, advertiser_id, name, status, objective_type, daily_budget_micro, lifetime_budget_micro, duration_days,
                                 is_ongoing, start_date, end_date)
       VALUES ($1, $2, $3, 'ACTIVE', $4, $5, $6, $7, $8, CURRENT_DATE, $9::date)`,
      [campaignId, c.advertiserId, c.name, c.objectiveType, c.dailyBudgetMicro, c.lifetimeBudgetMicro, c.durationDays, c.isOngoing, c.endDate],
    );
    await tx.query(`INSERT INTO ad_groups (id, campaign_id, name, country, ages, genders, interests, auto_targeting) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      adGroupId,
      campaignId,
      `${c.name} – ${c.country}`,
      c.country,
      c.ages,
      c.genders,
      c.interests,
      c.autoTargeting,
    ]);
    await tx.query(
      `INSERT INTO ads (id, ad_group_id, campaign_id, advertiser_id, pin_id, destination_url, serving, country, owner_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8)`,
      [adId, adGroupId, campaignId, c.advertiserId, c.pinId, c.destinationUrl, c.country, c.ownerUserId],
    );
    return { campaign_id: campaignId, ad_group_id: adGroupId, ad_id: adId };
  },

  campaignsOf(db: Queryable, advertiserId: string) {
    return db.query<CampaignRow>(`${CAMPAIGN_SQL} WHERE c.advertiser_id = $1 ORDER BY c.id DESC LIMIT 500`, [advertiserId]);
  },

  async campaignById(db: Queryable, id: string) {
    const [row] = await db.query<CampaignRow>(`${CAMPAIGN_SQL} WHERE c.id = $1`, [id]);
    return row ?? null;
  },

  /** Changes a campaign and keeps its ads' `serving` copy of whether it runs. */
  async updateCampaign(
    tx: Queryable,
    id: string,
    f: { status?: string; dailyBudgetMicro?: number; lifetimeBudgetMicro?: number | null; endDate?: string | null; isOngoing?: boolean },
  ) {
    await tx.query(
      `UPDATE ad_campaigns SET
         status = COALESCE($2, status),
         daily_budget_micro = COALESCE($3, daily_budget_micro),
         lifetime_budget_micro = CASE WHEN $4::boolean THEN $5::bigint ELSE lifetime_budget_micro END,
         end_date = CASE WHEN $6::boolean THEN $7::date ELSE end_date END,
         is_ongoing = COALESCE($8, is_ongoing),
         updated_at = now()
       WHERE id = $1`,
      [
        id,
        f.status ?? null,
        f.dailyBudgetMicro ?? null,
        f.lifetimeBudgetMicro !== undefined,
        f.lifetimeBudgetMicro ?? null,
        f.endDate !== undefined,
        f.endDate ?? null,
        f.isOngoing ?? null,
      ],
    );
    await tx.query(`UPDATE ads SET serving = (SELECT status = 'ACTIVE' FROM ad_campaigns WHERE id = $1) WHERE campaign_id = $1`, [id]);
  },

  /** Pauses the running campaigns whose ads promote Pins on the board; answers them with their advertiser's owner. */
  async pauseCampaignsOnBoard(tx: Queryable, boardId: string) {
    const rows = await tx.query<{ id: string; ownerId: string }>(
      `UPDATE ad_campaigns c SET status = 'PAUSED', updated_at = now()
       FROM advertisers adv
       WHERE adv.id = c.advertiser_id AND c.status = 'ACTIVE' AND c.id IN (SELECT a.campaign_id FROM ads a JOIN pins p ON p.id = a.pin_id WHERE p.board_id = $1)
       RETURNING c.id::text AS id, adv.owner_user_id::text AS "ownerId"`,
      [boardId],
    );
    if (rows.length > 0) await tx.query(`UPDATE ads SET serving = false WHERE campaign_id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
    return rows;
  },

  async activeCampaignsOnBoard(db: Queryable, boardId: string) {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(DISTINCT a.campaign_id)::int AS n FROM ads a JOIN pins p ON p.id = a.pin_id JOIN ad_campaigns c ON c.id = a.campaign_id
       WHERE p.board_id = $1 AND c.status = 'ACTIVE' AND (c.end_date IS NULL OR c.end_date >= CURRENT_DATE)`,
      [boardId],
    );
    return row?.n ?? 0;
  },

  /** The countries some ad is serving in (the home feed asks nothing of anyone elsewhere). */
  async servingCountries(db: Queryable) {
    const rows = await db.query<{ country: string }>('SELECT DISTINCT country FROM ads WHERE serving');
    return rows.map((r) => r.country);
  },

  /**
   * One statement: picks up to `limit` ads for the viewer (their country,
   * the ad group's targeting, never their own, campaigns running today within the day's and the
   * campaign's budget, least paced first; the Pin visible to everyone and to
   * the viewer, not hidden, no block between them), records each impression
   * at the price of one, adds it to the day's totals and to the campaign's
   * spend (ending a campaign whose budget is reached: `campaign_completed`; its first spend is
   * `campaign_started`), and answers the Pins.
   * $1 viewer, $2 country, $3 Pin ids already on the page, $4 limit, $5 price.
   */
  serve(db: Queryable, viewerId: string, country: string, exclude: string[], limit: number, priceMicro: number) {
    return db.query<PromotedPinRow>(
      `WITH cand AS (
         SELECT a.id AS ad_id, a.campaign_id, a.pin_id, a.owner_user_id
         FROM ads a JOIN ad_campaigns c ON c.id = a.campaign_id JOIN ad_groups g ON g.id = a.ad_group_id
           CROSS JOIN (SELECT u.gender, u.age_group FROM users u WHERE u.id = $1) me
         WHERE a.serving AND a.country = $2 AND ${adMayReachSql('a', '$1')} AND NOT (a.pin_id = ANY($3::bigint[]))
           AND ${adTargetingMatchesSql('g', 'me', '$1')}
           AND c.status = 'ACTIVE' AND c.start_date <= CURRENT_DATE AND (c.end_date IS NULL OR c.end_date >= CURRENT_DATE)
           AND (c.spend_day <> CURRENT_DATE OR c.spend_day_micro + $5 <= c.daily_budget_micro)
           AND (c.lifetime_budget_micro IS NULL OR c.spend_micro + $5 <= c.lifetime_budget_micro)
           AND ${notBlockedSql('$1', 'a.owner_user_id')}
         ORDER BY CASE WHEN c.spend_day = CURRENT_DATE THEN c.spend_day_micro::float8 / c.daily_budget_micro ELSE 0 END, random()
         LIMIT $4 * 4
       ),
       picked AS MATERIALIZED (
         SELECT DISTINCT ON (v.id) cand.ad_id, cand.campaign_id, cand.owner_user_id AS promoter_id, v.*
         FROM cand CROSS JOIN LATERAL (
           ${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.id = cand.pin_id AND ${visiblePinSql('NULL::bigint')} AND ${notHiddenSql('p', '$1')}
         ) v
         ORDER BY v.id
         LIMIT $4
       ),
       ev AS (
         INSERT INTO ad_events (ad_id, kind, user_id, cost_micro) SELECT ad_id, 'impression', $1, $5 FROM picked
       ),
       seen AS (
         INSERT INTO ad_impressions_seen (user_id, pin_id, ad_id) SELECT $1, id, ad_id FROM picked
         ON CONFLICT (user_id, pin_id, ad_id) DO UPDATE SET served_at = now()
       ),
       forgotten AS (
         DELETE FROM ad_impressions_seen WHERE user_id = $1 AND served_at <= now() - make_interval(days => ${ATTRIBUTION_DAYS})
       ),
       st AS (
         INSERT INTO ad_daily_stats (ad_id, day, impressions, spend_micro) SELECT ad_id, CURRENT_DATE, 1, $5 FROM picked
         ON CONFLICT (ad_id, day) DO UPDATE SET impressions = ad_daily_stats.impressions + 1, spend_micro = ad_daily_stats.spend_micro + EXCLUDED.spend_micro
       ),
       cu AS (
         UPDATE ad_campaigns c SET
           spend_micro = c.spend_micro + k.cost,
           spend_day_micro = CASE WHEN c.spend_day = CURRENT_DATE THEN c.spend_day_micro + k.cost ELSE k.cost END,
           spend_day = CURRENT_DATE,
           status = CASE WHEN c.lifetime_budget_micro IS NOT NULL AND c.spend_micro + k.cost + $5 > c.lifetime_budget_micro THEN 'COMPLETED' ELSE c.status END
         FROM (SELECT campaign_id, count(*) * $5::bigint AS cost FROM picked GROUP BY campaign_id) k
         WHERE c.id = k.campaign_id
         RETURNING c.id AS campaign_id, c.status = 'COMPLETED' AS completed, c.spend_micro = k.cost AS started
       )
       SELECT picked.*, pr.username AS promoter_username, pr.full_name AS promoter_full_name, cu.completed AS campaign_completed,
         cu.started AS campaign_started
       FROM picked JOIN users pr ON pr.id = picked.promoter_id LEFT JOIN cu ON cu.campaign_id = picked.campaign_id`,
      [viewerId, country, exclude, limit, priceMicro],
    );
  },

  /**
   * Records a person's outbound click on a promoted Pin, once a day per ad,
   * and only when that person was served the ad within the attribution
   * window (saves are counted by the database when the Pin is saved:
   * migration 0030). Answers nothing: whether it counted is not told.
   */
  async recordClick(db: Queryable, pinId: string, userId: string) {
    await db.query(
      `WITH ad AS (
         SELECT s.ad_id AS id FROM ad_impressions_seen s
         WHERE s.user_id = $2 AND s.pin_id = $1 AND s.served_at > now() - make_interval(days => ${ATTRIBUTION_DAYS})
         ORDER BY s.served_at DESC LIMIT 1
       ),
       ev AS (
         INSERT INTO ad_events (ad_id, kind, user_id) SELECT id, 'outbound_click', $2 FROM ad
         ON CONFLICT (ad_id, user_id, kind, day) WHERE kind <> 'impression' DO NOTHING RETURNING ad_id
       )
       INSERT INTO ad_daily_stats (ad_id, day, clicks) SELECT ad_id, CURRENT_DATE, 1 FROM ev
       ON CONFLICT (ad_id, day) DO UPDATE SET clicks = ad_daily_stats.clicks + 1`,
      [pinId, userId],
    );
  },

  /** Rows of the report: per campaign, ad group or ad, per day (DAY) or in all (TOTAL). */
  report(db: Queryable, advertiserId: string, level: 'campaigns' | 'adgroups' | 'ads', start: string, end: string, byDay: boolean) {
    const entity = {
      campaigns: { id: 'c.id', name: 'c.name' },
      adgroups: { id: 'g.id', name: 'g.name' },
      ads: { id: 'a.id', name: `COALESCE(NULLIF(p.title, ''), 'Pin ' || a.pin_id)` },
    }[level];
    const day = byDay ? `${DATE('s.day')}` : 'NULL::text';
    return db.query<ReportRow>(
      `SELECT ${entity.id} AS id, ${entity.name} AS name, c.id AS campaign_id, ${day} AS date,
              COALESCE(sum(s.impressions), 0) AS impressions, COALESCE(sum(s.clicks), 0) AS clicks,
              COALESCE(sum(s.saves), 0) AS saves, COALESCE(sum(s.spend_micro), 0) AS spend_micro
       FROM ad_campaigns c
       JOIN ads a ON a.campaign_id = c.id
       JOIN ad_groups g ON g.id = a.ad_group_id
       LEFT JOIN pins p ON p.id = a.pin_id
       ${byDay ? 'JOIN' : 'LEFT JOIN'} ad_daily_stats s ON s.ad_id = a.id AND s.day BETWEEN $2::date AND $3::date
       WHERE c.advertiser_id = $1
       GROUP BY ${entity.id}, ${entity.name}, c.id${byDay ? ', s.day' : ''}
       ORDER BY ${byDay ? 's.day, ' : ''}${entity.id} DESC`,
      [advertiserId, start, end],
    );
  },

  /** Spend by day (the last `days` days) and by month (every month): the billing page's history and statements. */
  async billing(db: Queryable, advertiserId: string, days: number) {
    const daily = await db.query<{ date: string; spend: string }>(
      `SELECT ${DATE('s.day')} AS date, sum(s.spend_micro) AS spend FROM ads a JOIN ad_daily_stats s ON s.ad_id = a.id
       WHERE a.advertiser_id = $1 AND s.day > CURRENT_DATE - $2::int GROUP BY s.day ORDER BY s.day DESC`,
      [advertiserId, days],
    );
    const monthly = await db.query<{ month: string; spend: string; impressions: string; campaigns: number }>(
      `SELECT to_char(date_trunc('month', s.day), 'YYYY-MM') AS month, sum(s.spend_micro) AS spend, sum(s.impressions) AS impressions,
              count(DISTINCT a.campaign_id)::int AS campaigns
       FROM ads a JOIN ad_daily_stats s ON s.ad_id = a.id WHERE a.advertiser_id = $1
       GROUP BY 1 ORDER BY 1 DESC`,
      [advertiserId],
    );
    return { daily, monthly };
  },
};
