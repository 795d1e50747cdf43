/**
 * Every limit on a costly action, in one table (decision 025). Each entry has
 * a default that config.ts lets an environment variable override:
 *
 * - `budget`: a decaying budget (GCRA) per person, or per client address for
 *   `scope: 'client'`: up to `limit` at once, then one more every
 *   windowSeconds/limit seconds. RATE_LIMIT_{NAME} and
 *   RATE_LIMIT_{NAME}_WINDOW_SECONDS.
 * - `window`: a fixed window that may be taken several at a time, all or
 *   nothing (mails). Same variables.
 * - `concurrent`: how many may run at once (live streams), per server
 *   process. MAX_{NAME}.
 *
 * A limit is taken before the work it guards starts, in one atomic step, so
 * requests that arrive together cannot all slip under it; past it the answer
 * is 429 RATE_LIMITED with Retry-After. The README lists them all.
 */
import { AppError } from '../lib/app-error';
import { countRefusal } from '../metrics';
import { requireViewer, type RequestContext } from '../lib/context';
import type { RateLimiter } from './rate-limiter';

type Kind = 'budget' | 'window' | 'concurrent';

interface LimitDef {
  kind: Kind;
  /** Whose count: the signed-in person's, or the client address's. */
  scope: 'person' | 'client';
  /** The environment variable's name without its prefix. */
  env: string;
  limit: number;
  /** 0 for `concurrent`. */
  windowSeconds: number;
  /** What the README says the limit counts. */
  counts: string;
  /** The 429's message. */
  message: string;
}

const TRY_LATER = 'Please wait a little and try again.';

export const ACTION_LIMITS = {
  pin_upload: {
    kind: 'budget',
    scope: 'person',
    env: 'PIN_UPLOAD',
    limit: 100,
    windowSeconds: 3600,
    counts: 'Pins made from an uploaded image (file or data URL)',
    message: `You've made a lot of Pins in a short time. ${TRY_LATER}`,
  },
  bulk_upload: {
    kind: 'budget',
    scope: 'person',
    env: 'BULK_UPLOAD',
    limit: 400,
    windowSeconds: 3600,
    counts: 'images uploaded in bulk to become draft Pins (two full batches of 200 at once, then one more every 9 seconds)',
    message: `You've uploaded a lot of images in a short time. ${TRY_LATER}`,
  },
  pin_image_url: {
    kind: 'budget',
    scope: 'person',
    env: 'PIN_IMAGE_URL',
    limit: 60,
    windowSeconds: 3600,
    counts: 'Pins made from an image URL the server fetches',
    message: `You've made a lot of Pins from links in a short time. ${TRY_LATER}`,
  },
  video_upload: {
    kind: 'budget',
    scope: 'person',
    env: 'VIDEO_UPLOAD',
    limit: 20,
    windowSeconds: 3600,
    counts: 'videos uploaded (Pins and idea Pin pages; each is probed now and transcoded later)',
    message: `You've uploaded a lot of videos in a short time. ${TRY_LATER}`,
  },
  video_retry: {
    kind: 'budget',
    scope: 'person',
    env: 'VIDEO_RETRY',
    limit: 10,
    windowSeconds: 3600,
    counts: 'failed video transcodes tried again',
    message: `You've retried a lot of videos in a short time. ${TRY_LATER}`,
  },
  story_pin: {
    kind: 'budget',
    scope: 'person',
    env: 'STORY_PIN',
    limit: 30,
    windowSeconds: 3600,
    counts: 'idea Pins published and idea Pin page images uploaded',
    message: `You've made a lot of idea Pins in a short time. ${TRY_LATER}`,
  },
  pin_builder_page: {
    kind: 'budget',
    scope: 'person',
    env: 'PIN_BUILDER_PAGE',
    limit: 60,
    windowSeconds: 600,
    counts: 'web pages fetched by the Pin builder to find their images',
    message: `You've looked up a lot of websites in a short time. ${TRY_LATER}`,
  },
  pin_builder_preview: {
    kind: 'budget',
    scope: 'person',
    env: 'PIN_BUILDER_PREVIEW',
    limit: 240,
    windowSeconds: 600,
    counts: 'image previews fetched and decoded for the Pin builder (a cached preview is free)',
    message: `Too many image previews. ${TRY_LATER}`,
  },
  website_claim: {
    kind: 'budget',
    scope: 'person',
    env: 'WEBSITE_CLAIM',
    limit: 10,
    windowSeconds: 3600,
    counts: "website claims (each fetches the profile's website)",
    message: `You've tried to claim your website a lot of times. ${TRY_LATER}`,
  },
  profile_avatar: {
    kind: 'budget',
    scope: 'person',
    env: 'PROFILE_AVATAR',
    limit: 20,
    windowSeconds: 3600,
    counts: 'profile picture uploads',
    message: `You've changed your profile picture a lot of times. ${TRY_LATER}`,
  },
  profile_cover: {
    kind: 'budget',
    scope: 'person',
    env: 'PROFILE_COVER',
    limit: 20,
    windowSeconds: 3600,
    counts: 'profile cover uploads (business accounts)',
    message: `You've changed your cover a lot of times. ${TRY_LATER}`,
  },
  collage_render: {
    kind: 'budget',
    scope: 'person',
    env: 'COLLAGE_RENDER',
    limit: 60,
    windowSeconds: 3600,
    counts: 'collage renders: saving a new draft, changing one, publishing one',
    message: `You've saved a lot of collages in a short time. ${TRY_LATER}`,
  },
  pincode: {
    kind: 'budget',
    scope: 'person',
    env: 'PINCODE',
    limit: 120,
    windowSeconds: 3600,
    counts: 'Pincode pictures drawn (each a QR code with a picture in its middle, as SVG or PNG)',
    message: `You've made a lot of Pincodes in a short time. ${TRY_LATER}`,
  },
  message: {
    kind: 'budget',
    scope: 'person',
    env: 'MESSAGE',
    limit: 300,
    windowSeconds: 3600,
    counts: 'messages sent (new and in existing conversations)',
    message: `You've sent a lot of messages in a short time. ${TRY_LATER}`,
  },
  conversation_start: {
    kind: 'budget',
    scope: 'person',
    env: 'CONVERSATION_START',
    limit: 50,
    windowSeconds: 86400,
    counts: 'new conversations started',
    message: `You've started a lot of conversations today. ${TRY_LATER}`,
  },
  board_invite_mail: {
    kind: 'window',
    scope: 'person',
    env: 'BOARD_INVITE_MAIL',
    limit: 50,
    windowSeconds: 3600,
    counts: 'board invites mailed to email addresses, by a person whose email is verified',
    message: "You've sent a lot of invites by email. Please try again later.",
  },
  board_invite_mail_unverified: {
    kind: 'window',
    scope: 'person',
    env: 'BOARD_INVITE_MAIL_UNVERIFIED',
    limit: 5,
    windowSeconds: 86400,
    counts: 'board invites mailed by a person whose email is not verified yet',
    message: 'Verify your email to send more invites by email.',
  },
  email_verification_resend: {
    kind: 'window',
    scope: 'person',
    env: 'EMAIL_VERIFICATION_RESEND',
    limit: 3,
    windowSeconds: 3600,
    counts: 'verification emails sent again on request',
    message: "We've already sent you a few emails. Please check your inbox or try again later.",
  },
  comment: {
    kind: 'budget',
    scope: 'person',
    env: 'COMMENT',
    limit: 60,
    windowSeconds: 3600,
    counts: 'comments written on Pins',
    message: `You've written a lot of comments in a short time. ${TRY_LATER}`,
  },
  user_report: {
    kind: 'budget',
    scope: 'person',
    env: 'USER_REPORT',
    limit: 20,
    windowSeconds: 3600,
    counts: 'reports about people and their comments, and counter-notices against moderation decisions',
    message: `You've sent a lot of reports in a short time. ${TRY_LATER}`,
  },
  takedown: {
    kind: 'budget',
    scope: 'person',
    env: 'TAKEDOWN',
    limit: 20,
    windowSeconds: 3600,
    counts: 'legal takedown requests by a signed-in person',
    message: `You've sent a lot of requests in a short time. ${TRY_LATER}`,
  },
  takedown_anonymous: {
    kind: 'budget',
    scope: 'client',
    env: 'TAKEDOWN_ANONYMOUS',
    limit: 5,
    windowSeconds: 3600,
    counts: 'legal takedown requests sent without an account, per client address',
    message: `A lot of requests came from your network in a short time. ${TRY_LATER}`,
  },
  unauth_event: {
    kind: 'budget',
    scope: 'client',
    env: 'UNAUTH_EVENT',
    limit: 120,
    windowSeconds: 600,
    counts: 'logged-out upsell events recorded, per client address',
    message: `A lot of events came from your network in a short time. ${TRY_LATER}`,
  },
  attribution_land: {
    kind: 'budget',
    scope: 'client',
    env: 'ATTRIBUTION_LAND',
    limit: 30,
    windowSeconds: 3600,
    counts: 'landings recorded (/v3/invite_code/attribution/land/), per client address',
    message: `A lot of visits came from your network in a short time. ${TRY_LATER}`,
  },
  ad_event: {
    kind: 'budget',
    scope: 'person',
    env: 'AD_EVENT',
    limit: 600,
    windowSeconds: 3600,
    counts: 'outbound clicks and saves of promoted Pins reported by the web app',
    message: `Too many events in a short time. ${TRY_LATER}`,
  },
  quick_promote: {
    kind: 'budget',
    scope: 'person',
    env: 'QUICK_PROMOTE',
    limit: 30,
    windowSeconds: 3600,
    counts: 'campaigns made with quick promote',
    message: `You've made a lot of campaigns in a short time. ${TRY_LATER}`,
  },
  push_subscription: {
    kind: 'budget',
    scope: 'person',
    env: 'PUSH_SUBSCRIPTION',
    limit: 30,
    windowSeconds: 3600,
    counts: 'browsers subscribed to push notifications (a subscription renewed counts too)',
    message: `You've turned on notifications a lot of times. ${TRY_LATER}`,
  },
  oauth_token: {
    kind: 'budget',
    scope: 'client',
    env: 'OAUTH_TOKEN',
    limit: 60,
    windowSeconds: 600,
    counts: 'OAuth token requests (POST /v5/oauth/token: codes and refresh tokens traded), per client address',
    message: `A lot of token requests came from your network in a short time. ${TRY_LATER}`,
  },
  message_streams_person: {
    kind: 'concurrent',
    scope: 'person',
    env: 'MESSAGE_STREAMS_PER_PERSON',
    limit: 8,
    windowSeconds: 0,
    counts: "live message streams (a conversation's server-sent events) one person holds open at once, per server",
    message: 'You have too many conversations open. Close one and try again.',
  },
  message_streams_client: {
    kind: 'concurrent',
    scope: 'client',
    env: 'MESSAGE_STREAMS_PER_CLIENT',
    limit: 32,
    windowSeconds: 0,
    counts: 'live message streams open at once from one client address, per server',
    message: 'Too many conversations are open from your network. Close one and try again.',
  },
} as const satisfies Record<string, LimitDef>;

export type ActionName = keyof typeof ACTION_LIMITS;
type NamesOf<K extends Kind> = { [N in ActionName]: (typeof ACTION_LIMITS)[N]['kind'] extends K ? N : never }[ActionName];
export type BudgetName = NamesOf<'budget'>;
export type WindowName = NamesOf<'window'>;
export type ConcurrentName = NamesOf<'concurrent'>;

/** The numbers in force: the table's defaults, or what the environment says. */
export type ActionLimitValues = Record<ActionName, { limit: number; windowSeconds: number }>;

/** The environment variables of one entry: its count (or maximum at once), and its window unless concurrent. */
export function limitEnvNames(name: ActionName): { limit: string; window: string | null } {
  const def: LimitDef = ACTION_LIMITS[name];
  return def.kind === 'concurrent'
    ? { limit: `MAX_${def.env}`, window: null }
    : { limit: `RATE_LIMIT_${def.env}`, window: `RATE_LIMIT_${def.env}_WINDOW_SECONDS` };
}

export const ACTION_NAMES = Object.keys(ACTION_LIMITS) as ActionName[];

export function defaultLimitValues(): ActionLimitValues {
  return Object.fromEntries(
    ACTION_NAMES.map((n) => [n, { limit: ACTION_LIMITS[n].limit, windowSeconds: ACTION_LIMITS[n].windowSeconds }]),
  ) as ActionLimitValues;
}

/**
 * The key a client address counts under: an IPv4 address as it is, an IPv6
 * address by its /64 (one household or server usually has a whole /64, so
 * counting single addresses would let it pick a fresh one per request).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

function refused(name: ActionName, retryAfterSeconds: number) {
  countRefusal(name);
  return new AppError('RATE_LIMITED', ACTION_LIMITS[name].message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
}

/** A full set of places frees up when a stream closes; a client may look again after this. */
const CONCURRENT_RETRY_AFTER_SECONDS = 30;

export function createActionLimits(limiter: RateLimiter, values: ActionLimitValues) {
  const held = new Map<string, number>();

  function whose(name: ActionName, ctx: RequestContext) {
    return ACTION_LIMITS[name].scope === 'client' ? `ip:${clientKey(ctx.clientIp)}` : `u:${requireViewer(ctx).id}`;
  }

  return {
    values,

    /** Takes one from the action's budget for this person (or client address), or throws 429 with Retry-After. */
    async take(name: BudgetName, ctx: RequestContext): Promise<void> {
      const { limit, windowSeconds } = values[name];
      const result = await limiter.consumeDecaying(`act:${name}:${whose(name, ctx)}`, limit, windowSeconds);
      if (!result.allowed) throw refused(name, result.retryAfterSeconds);
    },

    /**
     * Takes `count` at once from a person's fixed window (all or nothing: a refused request counts
     * none), or throws 429 with the seconds until the window ends.
     */
    async takeMany(name: WindowName, personId: string, count: number): Promise<void> {
      if (count <= 0) return;
      const { limit, windowSeconds } = values[name];
      const result = await limiter.consumeMany(`act:${name}:u:${personId}`, count, limit, windowSeconds);
      if (!result.allowed) throw refused(name, result.retryAfterSeconds);
    },

    /**
     * Holds a place under each of these limits for as long as the work runs (all or none); the
     * returned function gives them back (calling it again does nothing). Throws 429 when a limit
     * has no place left. In process: these count what this server holds (sockets, memory).
     */
    hold(ctx: RequestContext, ...names: ConcurrentName[]): () => void {
      const keys = names.map((name) => ({ name, key: `${name}:${whose(name, ctx)}` }));
      const full = keys.find(({ name, key }) => (held.get(key) ?? 0) >= values[name].limit);
      if (full) throw refused(full.name, CONCURRENT_RETRY_AFTER_SECONDS);
      for (const { key } of keys) held.set(key, (held.get(key) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const { key } of keys) {
          const left = (held.get(key) ?? 1) - 1;
          if (left > 0) held.set(key, left);
          else held.delete(key);
        }
      };
    },
  };
}

export type ActionLimits = ReturnType<typeof createActionLimits>;
