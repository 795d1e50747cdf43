import { zBoardAds } from '@pinboard/shared/schemas/ads';
import {
  zAdvertiserOptions,
  zAdvertiserReport,
  zCreateAdvertiser,
  zGetAdvertisers,
  zPromotedPinEvent,
  zQuickPromote,
  zUpdateCampaign,
} from '@pinboard/shared/schemas/ads';
import { zId } from '@pinboard/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { successBody } from '../../lib/envelope';
import { action, type ResourceRegistry } from '../../lib/resources';
import { parseInput } from '../../lib/validation';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';

export function registerAdsResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'AdvertiserResource',
    description: "Ad accounts: the ones the viewer has a role on (their business's own today), and making one for a business.",
    actions: {
      get: action({ summary: "The viewer's ad accounts", options: zGetAdvertisers, auth: 'required', handler: (ctx) => s.ads.advertisers(ctx) }),
      create: action({
        summary: 'Make the business an ad account (name, country, currency)',
        options: zCreateAdvertiser,
        auth: 'required',
        handler: (ctx, o) => s.ads.createAdvertiser(ctx, o),
      }),
    },
  });
  registry.add({
    name: 'CampaignsResource',
    description: "An ad account's campaigns with their status, budget, dates and totals.",
    actions: {
      get: action({ summary: 'Read the campaigns', options: zAdvertiserOptions, auth: 'required', handler: (ctx, o) => s.ads.campaigns(ctx, o.advertiser_id) }),
    },
  });
  registry.add({
    name: 'CampaignResource',
    description: 'Pause, resume or archive a campaign; change its daily budget or end date.',
    actions: {
      update: action({ summary: 'Change a campaign', options: zUpdateCampaign, auth: 'required', handler: (ctx, o) => s.ads.updateCampaign(ctx, o) }),
    },
  });
  registry.add({
    name: 'AdvertiserReportResource',
    description: 'Impressions, outbound clicks, saves and spend of campaigns, ad groups or ads, per day or in all, over a date range.',
    actions: { get: action({ summary: 'Read a report', options: zAdvertiserReport, auth: 'required', handler: (ctx, o) => s.ads.report(ctx, o) }) },
  });
  registry.add({
    name: 'AdvertiserBillingResource',
    description: "An ad account's spend by day and its monthly statements.",
    actions: {
      get: action({ summary: 'Read billing', options: zAdvertiserOptions, auth: 'required', handler: (ctx, o) => s.ads.billing(ctx, o.advertiser_id) }),
    },
  });
  registry.add({
    name: 'BoardAdsResource',
    description: "How many running campaigns promote a board's Pins (to its owner): making the board secret stops them.",
    actions: {
      get: action({
        summary: "Read the board's running campaigns",
        options: zBoardAds,
        auth: 'required',
        handler: (ctx, o) => s.ads.boardAds(ctx, o.board_id),
      }),
    },
  });
  registry.add({
    name: 'PromotedPinEventResource',
    description: 'An outbound click or a save of a Pin served as an ad (counted once a day per person and ad).',
    actions: {
      create: action({
        summary: 'Record an event',
        options: zPromotedPinEvent,
        auth: 'required',
        async handler(ctx, o) {
          await s.limits.take('ad_event', ctx);
          return s.ads.recordEvent(ctx, o.pin_id, o.event);
        },
      }),
    },
  });
}

/** The spec path of quick promote (docs/product/api-contract.md §1.1, §8). */
export function registerAdsSpecRoutes(app: FastifyInstance, s: Services) {
  app.post<{ Params: { advertiserId: string; pinId: string } }>('/ads/v4/advertisers/:advertiserId/pins/:pinId/quick_promote/', async (req) => {
    const params = parseInput(z.strictObject({ advertiserId: zId, pinId: zId }), req.params, '');
    const body = parseInput(zQuickPromote, req.body ?? {}, '');
    const ctx = contextOf(req);
    await s.limits.take('quick_promote', ctx);
    return successBody('spec', await s.ads.quickPromote(ctx, params.advertiserId, params.pinId, body));
  });
}
