import { zSocialTrackingId } from '@pinboard/shared/schemas/entry';
import { ATTRIBUTION_MAX_BYTES } from '@pinboard/shared/constants/entry';
import { zAttributionLand, zEntrySignups, zUnauthEvent } from '@pinboard/shared/schemas/entry';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { successBody } from '../../lib/envelope';
import { action, type ResourceRegistry } from '../../lib/resources';
import { parseInput } from '../../lib/validation';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';

/** The browser's landing token (HttpOnly): tied to the account at sign-up. */
const LANDING_COOKIE = 'pb_landing';
const LANDING_COOKIE_DAYS = 30;

export function registerEntryResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'UnauthEventResource',
    description:
      'A logged-out upsell event (docs/product/logged-out-and-business.md §4): counted per day, event, page kind and site; nothing about the visitor is kept. Bots and signed-in people are not counted.',
    actions: {
      create: action({
        summary: 'Record an event',
        options: zUnauthEvent,
        async handler(ctx, o, req) {
          await s.limits.take('unauth_event', ctx);
          return s.entry.event(ctx, o, s.visitor(req, null));
        },
      }),
    },
  });
  registry.add({
    name: 'EntrySignupsResource',
    description: 'Staff only: sign-ups per week by entry channel, and the upsell events counted.',
    actions: {
      get: action({ summary: 'Read', options: zEntrySignups, auth: 'required', handler: (ctx, o) => s.entry.signups(ctx, o.weeks ?? 12) }),
    },
  });
  registry.add({
    name: 'SocialTrackingIdResource',
    description: "The viewer's social tracking id (docs/product/logged-out-and-business.md §7): their id encrypted, added to the Pin links they share.",
    actions: {
      get: action({
        summary: 'Read',
        options: zSocialTrackingId,
        auth: 'required',
        handler: async (ctx, o) => s.entry.socialTrackingId(ctx, o.user_id),
      }),
    },
  });
}

/** POST /v3/invite_code/attribution/land/ (docs/product/api-contract.md §1.1, §8). */
export function registerEntrySpecRoutes(app: FastifyInstance, s: Services) {
  app.post('/v3/invite_code/attribution/land/', { bodyLimit: ATTRIBUTION_MAX_BYTES }, async (req: FastifyRequest, reply: FastifyReply) => {
    const body = parseInput(zAttributionLand, req.body ?? {}, '');
    const ctx = contextOf(req);
    await s.limits.take('attribution_land', ctx);
    const { recorded, token } = await s.entry.land(ctx, body, s.visitor(req, null));
    if (token) {
      reply.setCookie(LANDING_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.isHttps, maxAge: LANDING_COOKIE_DAYS * 86400 });
    }
    return successBody('spec', { recorded });
  });
}

/** Called by the sign-up handler: the browser's landing becomes the new account's, and its cookie goes. */
export async function claimLandingOf(req: FastifyRequest, s: Services, userId: string) {
  const token = req.cookies[LANDING_COOKIE];
  if (!token) return;
  await s.entry.claimLanding(token, userId);
  (req as FastifyRequest & { reply: FastifyReply }).reply.clearCookie(LANDING_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.isHttps });
}
