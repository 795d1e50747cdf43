/**
 * Advertising: ad accounts of businesses, quick promote (a campaign, its ad
 * group and its ad in one transaction), campaign changes, reports, billing,
 * and the delivery of promoted Pins into home feeds (delivery.ts).
 * Permissions: ads.policy.ts only.
 */
import { BUDGET_MICRO_MULTIPLIER } from '@pinboard/shared/constants/limits';
import { currenciesOf, minDailyBudgetOf, QUICK_PROMOTE_MAX_BUDGET, QUICK_PROMOTE_MAX_DURATION_DAYS } from '@pinboard/shared/constants/ads';
import type { TAdvertiserReport, TCreateAdvertiser, TQuickPromote, TUpdateCampaign } from '@pinboard/shared/schemas/ads';
import { truncateCampaignName } from '@pinboard/shared/text/truncate';
import type { Db, Queryable } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext, type Viewer } from '../../lib/context';
import { isId } from '../../lib/ids';
import { keyedInvalid, ValidationError } from '../../lib/validation';
import { boardById, editableBoard, seenBoard, visiblePinById, userById } from '../../kernel';
import { businessesOf, businessPermissionOf, viewerMeetsMfaRequirement } from '../business-access';
import { topicIdsOf } from '../topics';
import {
  adAccountRoleOf,
  type AdAccountFacts,
  canManageCampaigns,
  canReadAdAccount,
  canSeeBilling,
  canChangeBoardPrivacy,
  newBoardPrivacyFor,
  pickerFilterFor,
} from './ads.policy';
import { adsRepo } from './ads.repo';
import { presentAdvertiser, presentCampaign, presentReportRow } from './ads.present';
import { createDelivery } from './delivery';
import type { EventEmitter } from '../../events/bus';

const DAY_MS = 86_400_000;
const todayUtc = () => new Date().toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** The longest report range, in days. */
const REPORT_MAX_DAYS = 366;

function checkDailyBudget(micro: number, country: string, currency: string) {
  const min = minDailyBudgetOf(country) * BUDGET_MICRO_MULTIPLIER;
  if (micro < min) {
    throw keyedInvalid('budget_in_micro_currency', 'ads.budgetMin', { amount: String(minDailyBudgetOf(country)), currency, country });
  }
  if (micro > QUICK_PROMOTE_MAX_BUDGET * BUDGET_MICRO_MULTIPLIER) {
    throw keyedInvalid('budget_in_micro_currency', 'ads.budgetMax', { amount: String(QUICK_PROMOTE_MAX_BUDGET), currency });
  }
}

export function createAdsService({ db, events }: { db: Db; events: EventEmitter }) {
  // A campaign that spent its budget while serving: its owner hears of it after the impression's write (decision 086).
  const delivery = createDelivery(db, (campaigns, status) => events.emit('campaign.statusChanged', { campaigns, status }));

  /** The person whose role counts: the one who acts, also when the call runs as a business they act for. */
  const personOf = (ctx: RequestContext): Viewer => ctx.actor ?? requireViewer(ctx);

  /** The person's role on an account, from business access's grants (ads.policy decides). */
  async function roleOn(person: Viewer, account: AdAccountFacts) {
    if (person.id === account.owner_user_id) return adAccountRoleOf(person, account, null);
    const permission = await businessPermissionOf(db, person.id, account.owner_user_id);
    const meetsMfaRequirement = permission ? await viewerMeetsMfaRequirement(db, person.id) : false;
    return adAccountRoleOf(person, account, { permission, meetsMfaRequirement });
  }

  /** The account and the viewer's role on it; 404 when they have none (another business's account looks missing). */
  async function accountFor(ctx: RequestContext, advertiserId: string, allowed: (role: ReturnType<typeof adAccountRoleOf>) => boolean) {
    const viewer = personOf(ctx);
    const account = await adsRepo.advertiserById(db, advertiserId);
    const role = account ? await roleOn(viewer, account) : null;
    if (!account || !role) throw notFound('adAccount');
    if (!allowed(role)) throw forbidden('Your role on this ad account does not allow that.');
    return { account, role, viewer };
  }

  async function campaignFor(ctx: RequestContext, campaignId: string) {
    const campaign = await adsRepo.campaignById(db, campaignId);
    if (!campaign) throw notFound('campaign');
    const { account } = await accountFor(ctx, campaign.advertiser_id, canManageCampaigns).catch((e: unknown) => {
      throw e instanceof AppError && e.httpStatus === 404 ? notFound('campaign') : e;
    });
    return { campaign, account };
  }

  return {
    delivery,

    /** AdvertiserResource get: the ad accounts the viewer has a role on: their business's own, then those of businesses they hold access to. */
    async advertisers(ctx: RequestContext) {
      const viewer = personOf(ctx);
      const owners = [viewer.id, ...(await businessesOf(db, viewer.id)).map((b) => b.businessId)];
      const accounts = await adsRepo.advertisersOfOwners(db, owners);
      accounts.sort((a, b) => owners.indexOf(a.owner_user_id) - owners.indexOf(b.owner_user_id));
      const out = [];
      for (const account of accounts) {
        const role = await roleOn(viewer, account);
        if (role) out.push(presentAdvertiser(account, role, viewer.id));
      }
      return out;
    },

    /**
     * The account an ad account belongs to, for acting for it (API v5's `ad_account_id`): 404 like a missing one
     * when the viewer has no role on it. Whether they may act as that account is business access's to decide.
     */
    async adAccountOwner(ctx: RequestContext, advertiserId: string): Promise<string> {
      if (!isId(advertiserId)) throw notFound('adAccount');
      return (await accountFor(ctx, advertiserId, () => true)).account.owner_user_id;
    },

    /** AdvertiserResource create: a business's ad account (one each to begin). */
    async createAdvertiser(ctx: RequestContext, o: TCreateAdvertiser) {
      const viewer = requireViewer(ctx);
      const user = await userById(db, viewer.id);
      if (!user?.is_partner) throw forbidden('Only a business account can have an ad account. Convert to a business account first.');
      if (!currenciesOf(o.country).includes(o.currency))
        throw new ValidationError('currency', 'currency: that currency is not used for ad accounts in that country.');
      const made = await adsRepo.insertAdvertiser(db, { ownerId: viewer.id, name: o.name, country: o.country, currency: o.currency });
      if (!made) throw new AppError('CONFLICT', 'Your business already has an ad account.');
      return presentAdvertiser(made, 'OWNER', viewer.id);
    },

    /** POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/ */
    async quickPromote(ctx: RequestContext, advertiserId: string, pinId: string, o: TQuickPromote) {
      if (o.advertiser_id !== advertiserId) throw new ValidationError('advertiser_id', 'advertiser_id: must be the advertiser of the address.');
      if (o.pin_id !== pinId) throw new ValidationError('pin_id', 'pin_id: must be the Pin of the address.');
      const { account, viewer } = await accountFor(ctx, advertiserId, canManageCampaigns);
      checkDailyBudget(o.budget_in_micro_currency, account.country, account.currency);
      // The Pin must be the business's own and public (visible to a signed-out visitor).
      const pin = await visiblePinById(db, pinId, null);
      if (!pin) {
        const own = await visiblePinById(db, pinId, viewer.id);
        if (own && own.pinner_id === account.owner_user_id)
          throw new ValidationError('pin_id', 'pin_id: only a public Pin can be promoted; this one is on a secret board.');
        throw notFound('pin');
      }
      if (pin.pinner_id !== account.owner_user_id) throw new ValidationError('pin_id', "pin_id: you can only promote your business's own Pins.");
      if (o.duration > QUICK_PROMOTE_MAX_DURATION_DAYS) throw keyedInvalid('duration', 'ads.durationMax', { days: String(QUICK_PROMOTE_MAX_DURATION_DAYS) });
      const start = todayUtc();
      let endDate: string | null = null;
      if (!o.is_ongoing) {
        endDate = o.inclusive_end_date ?? addDays(start, o.duration - 1);
        if (endDate < start) throw new ValidationError('inclusive_end_date', 'inclusive_end_date: the end date cannot be before the start date.');
        if (daysBetween(start, endDate) + 1 > QUICK_PROMOTE_MAX_DURATION_DAYS) {
          throw keyedInvalid('inclusive_end_date', 'ads.runsAtMost', { days: String(QUICK_PROMOTE_MAX_DURATION_DAYS) });
        }
      }
      const days = endDate ? daysBetween(start, endDate) + 1 : o.duration;
      // Interests name topics, by id or slug; they are kept as topic ids.
      const interestRefs = [...new Set(o.targeting_spec.interests ?? [])];
      const interests = await topicIdsOf(db, interestRefs);
      const unknownInterest = interestRefs.find((_, i) => interests[i] === null);
      if (unknownInterest !== undefined) {
        throw keyedInvalid('targeting_spec.interests', 'ads.unknownInterest', { name: String(unknownInterest) });
      }
      const made = await db.tx((tx) =>
        adsRepo.insertCampaign(tx, {
          advertiserId: account.id,
          ownerUserId: account.owner_user_id,
          name: truncateCampaignName(o.campaign_name),
          objectiveType: o.objective_type ?? 'CONSIDERATION',
          dailyBudgetMicro: o.budget_in_micro_currency,
          lifetimeBudgetMicro: endDate ? o.budget_in_micro_currency * days : null,
          durationDays: days,
          isOngoing: o.is_ongoing,
          endDate,
          country: o.targeting_spec.country,
          ages: o.targeting_spec.ages ?? [],
          genders: o.targeting_spec.genders ?? [],
          interests: [...new Set(interests as string[])],
          autoTargeting: o.auto_targeting_enabled,
          pinId,
          destinationUrl: o.destination_url || pin.link || null,
        }),
      );
      delivery.forgetCountries();
      return made;
    },

    /** CampaignsResource get. */
    async campaigns(ctx: RequestContext, advertiserId: string) {
      await accountFor(ctx, advertiserId, canReadAdAccount);
      return (await adsRepo.campaignsOf(db, advertiserId)).map(presentCampaign);
    },

    /** CampaignResource update: pause, resume, archive; daily budget; end date. */
    async updateCampaign(ctx: RequestContext, o: TUpdateCampaign) {
      const { campaign, account } = await campaignFor(ctx, o.campaign_id);
      if (campaign.status === 'ARCHIVED') throw new ValidationError('status', 'status: an archived campaign cannot be changed.');
      if (o.status === 'ACTIVE' && campaign.status === 'COMPLETED') {
        throw new ValidationError('status', 'status: this campaign has spent its budget; raise the budget or give it a later end date first.');
      }
      const daily = o.budget_in_micro_currency ?? Number(campaign.daily_budget_micro);
      if (o.budget_in_micro_currency !== undefined) checkDailyBudget(o.budget_in_micro_currency, account.country, account.currency);
      let endDate = campaign.end_date;
      if (o.inclusive_end_date !== undefined) {
        endDate = o.inclusive_end_date;
        if (endDate !== null && endDate < campaign.start_date)
          throw new ValidationError('inclusive_end_date', 'inclusive_end_date: the end date cannot be before the start date.');
        if (endDate !== null && endDate < todayUtc())
          throw new ValidationError('inclusive_end_date', 'inclusive_end_date: the end date cannot be in the past.');
        if (endDate !== null && daysBetween(campaign.start_date, endDate) + 1 > QUICK_PROMOTE_MAX_DURATION_DAYS) {
          throw keyedInvalid('inclusive_end_date', 'ads.runsAtMost', { days: String(QUICK_PROMOTE_MAX_DURATION_DAYS) });
        }
      }
      const lifetime = endDate === null ? null : daily * (daysBetween(campaign.start_date, endDate) + 1);
      // A completed campaign given room to spend runs again when asked to.
      const status = o.status ?? (campaign.status === 'COMPLETED' && lifetime !== null && lifetime > Number(campaign.spend_micro) ? 'PAUSED' : undefined);
      await db.tx((tx) =>
        adsRepo.updateCampaign(tx, campaign.id, {
          ...(status ? { status } : {}),
          dailyBudgetMicro: daily,
          lifetimeBudgetMicro: lifetime,
          endDate,
          isOngoing: endDate === null,
        }),
      );
      delivery.forgetCountries();
      const updated = await adsRepo.campaignById(db, campaign.id);
      if (!updated) throw notFound('campaign');
      return presentCampaign(updated);
    },

    /** AdvertiserReportResource get. */
    async report(ctx: RequestContext, o: TAdvertiserReport) {
      await accountFor(ctx, o.advertiser_id, canReadAdAccount);
      if (o.end_date < o.start_date) throw new ValidationError('end_date', 'end_date: the end date cannot be before the start date.');
      if (daysBetween(o.start_date, o.end_date) + 1 > REPORT_MAX_DAYS) throw keyedInvalid('end_date', 'ads.reportMaxDays', { days: String(REPORT_MAX_DAYS) });
      const rows = await adsRepo.report(db, o.advertiser_id, o.level, o.start_date, o.end_date, (o.granularity ?? 'DAY') === 'DAY');
      return rows.map(presentReportRow);
    },

    /** Billing: spend by day for 90 days, and the monthly statements (no payment processor: spend accrues to the account). */
    async billing(ctx: RequestContext, advertiserId: string) {
      const { account } = await accountFor(ctx, advertiserId, canSeeBilling);
      const { daily, monthly } = await adsRepo.billing(db, advertiserId, 90);
      return {
        currency: account.currency,
        total_spend_in_micro_currency: monthly.reduce((sum, m) => sum + Number(m.spend), 0),
        days: daily.map((d) => ({ date: d.date, spend_in_micro_currency: Number(d.spend) })),
        statements: monthly.map((m) => ({
          month: m.month,
          spend_in_micro_currency: Number(m.spend),
          impressions: Number(m.impressions),
          campaigns: m.campaigns,
        })),
      };
    },

    /**
     * A person's outbound click or save of a Pin, as the web app tells it. A
     * click counts only after an impression of that ad to that person; a save
     * is counted by the database when the Pin is really saved, never from
     * this call. The answer is the same for every Pin, promoted or not.
     */
    async recordEvent(ctx: RequestContext, pinId: string, event: 'outbound_click' | 'save') {
      const viewer = requireViewer(ctx);
      if (event === 'outbound_click') await adsRepo.recordClick(db, pinId, viewer.id);
      return null;
    },

    /** BoardAdsResource get: how many running campaigns promote the board's Pins (the board form asks before making it secret). */
    async boardAds(ctx: RequestContext, boardId: string) {
      const board = seenBoard(ctx.viewer, await boardById(db, boardId, requireViewer(ctx).id));
      if (!board) throw notFound('board');
      const own = editableBoard(ctx.viewer, board);
      if (!own) return { active_campaigns: 0 };
      return { active_campaigns: await adsRepo.activeCampaignsOnBoard(db, own.id) };
    },

    /** The board picker on an ad account (ads.policy pickerFilterFor): the viewer is whom the call runs as. */
    async pickerFilter(ctx: RequestContext, advertiserId: string) {
      return pickerFilterFor(requireViewer(ctx).id, await adsRepo.advertiserById(db, advertiserId));
    },

    /** What the boards module asks of ad accounts (boards.service BoardAdAccounts). */
    boardHooks: {
      /**
       * The privacy of a new board: on the ad account the call names (404 without a role on it), or, for a
       * person acting as a business, on that business's own account. Only the account's OWNER chooses.
       */
      async newBoardPrivacy(ctx: RequestContext, advertiserId: string | undefined, asked: 'public' | 'secret' | 'protected' | undefined) {
        const viewer = requireViewer(ctx);
        if (!advertiserId && !ctx.actor) return asked;
        const account = advertiserId ? await adsRepo.advertiserById(db, advertiserId) : await adsRepo.advertiserOfOwner(db, viewer.id);
        if (!advertiserId && !account) return asked;
        const role = account ? await roleOn(personOf(ctx), account) : null;
        if (!account || !role) throw notFound('adAccount');
        return newBoardPrivacyFor(role, asked);
      },
      /** Whether whoever acts may change the privacy of a board of `boardOwnerId` (the protected toggle on an ad account: owner or profile publisher). */
      async mayChangePrivacy(ctx: RequestContext, boardOwnerId: string) {
        const person = personOf(ctx);
        if (person.id === boardOwnerId) return true;
        const account = await adsRepo.advertiserOfOwner(db, boardOwnerId);
        return !account || canChangeBoardPrivacy(await roleOn(person, account));
      },
      /** Pauses the running campaigns that promote the board's Pins; on board.privacyChanged to secret, in its transaction. */
      async pauseCampaignsOnBoard(tx: Queryable, boardId: string) {
        const paused = await adsRepo.pauseCampaignsOnBoard(tx, boardId);
        if (paused.length > 0) delivery.forgetCountries();
        return paused;
      },
    },
  };
}

export type AdsService = ReturnType<typeof createAdsService>;
