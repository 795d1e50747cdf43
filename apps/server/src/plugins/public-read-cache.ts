/**
 * Signed-out reads from memory. A GET with no viewer, to a read that shows
 * the same to every signed-out visitor (a board's Pins, a Pin, a profile,
 * a page's first HTML), is answered from what an earlier answer to the same
 * address was, with no query and no serialising. What is kept is forgotten
 *   - on PostgreSQL's notice `content_changed`, sent at commit by triggers on
 *     every table a signed-out read shows (migration 0016), to every server;
 *   - by this server before it sends a successful answer to any change, so
 *     whoever changed something never reads it stale;
 *   - whenever the listening connection drops; until it is back nothing is
 *     served from memory.
 * A read that began before a forgetting is never kept afterwards (the
 * generation check). Side effects of a read that must still happen on every
 * read (a partner's view count) are kept with the answer and replayed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { clientKindOf } from '@pinboard/shared/constants/entryChannels';
import { pageLocale } from '../modules/pages/page-locale';

/** Tables no signed-out read shows: they carry no content_changed trigger (a test checks the two groups cover every table). */
export const NOT_SHOWN_SIGNED_OUT = [
  'schema_migrations', 'sessions', 'board_action_claims', 'user_reports', 'conversations', 'conversation_members', 'messages',
  'pin_favorites', 'pin_hides', 'email_verification_tokens', 'user_experiences', 'moderation_decisions', 'moderation_notices',
  // Business access and two-factor sign-in: only their people see them, and only signed in.
  'business_access', 'business_audit', 'user_mfa', 'mfa_recovery_codes',
  // Idea Pin uploads not yet published: what they change shows through pins.
  'story_media',
  // A statistic, written every two seconds while Pins are read: a profile may show it a moment late.
  'profile_view_days',
  // Logged-out entry statistics (decision 040): never shown to visitors.
  'entry_landings', 'unauth_event_counts',
  // Ad accounts, campaigns and their statistics (decision 036): ads are served to signed-in people only, and the
  // advertiser area is its business's own.
  'advertisers', 'ad_campaigns', 'ad_groups', 'ads', 'ad_events', 'ad_daily_stats', 'ad_impressions_seen',
  // The servers' worker-id leases and shared secrets (decision 054): nothing anyone is shown.
  'server_leases', 'shared_secrets',
];

/** Reads that show every signed-out visitor the same thing. */
const CACHEABLE_RESOURCES = new Set([
  'BoardFeedResource', 'PinResource', 'UserResource', 'BoardResource', 'BoardsResource', 'UserPinsResource',
  'UserCreatedPinsResource', 'BoardSectionsResource', 'BoardSectionResource', 'PinCommentsResource',
  // "More to explore": built from pins, boards, users and pin_interests (all notify), and from the words the planner's
  // statistics call common (topics.repo commonWords, no notice): those only choose where candidates are sought, never
  // what may be shown, and the service itself reads them only every few minutes.
  'RelatedPinsResource',
]);

const MAX_ENTRIES = 5000;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRY_BYTES = 256 * 1024;

interface Entry {
  status: number;
  contentType: string;
  cacheControl: string | undefined;
  body: string | Buffer;
  bytes: number;
  effects: (() => void)[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Side effects a cached answer to this read must replay (see RequestContext.effects). */
    readEffects: (() => void)[] | null;
    publicReadKey: string | null;
  }
}

export function cacheKeyOf(req: FastifyRequest): string | null {
  if (req.method !== 'GET' || req.viewer) return null;
  const url = req.url;
  if (url.startsWith('/resource/')) {
    const name = url.slice(10, url.indexOf('/', 10));
    return CACHEABLE_RESOURCES.has(name) && url.includes('/get/') ? `j ${url}` : null;
  }
  if (url.startsWith('/v3/pins/')) return `j ${url}`;
  const wantsHtml = (req.headers.accept ?? '').includes('text/html');
  // The first HTML says whether its reader is a crawler and which language it is in (web-app.ts): one copy per kind of client and locale.
  if (wantsHtml && !url.startsWith('/api/') && !url.startsWith('/v3/') && !url.startsWith('/media/') && !url.startsWith('/assets/')) {
    return `h ${clientKindOf(req.headers['user-agent'])} ${pageLocale({ url, acceptLanguage: req.headers['accept-language'] })} ${url}`;
  }
  return null;
}

export async function publicReadCachePlugin(app: FastifyInstance, { db }: { db: Db }) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  let listening = false;
  const forget = () => {
    generation++;
    entries.clear();
    bytes = 0;
  };
  const stop = await db.listen('content_changed', {
    onNotify: forget,
    onListening: (on) => {
      forget();
      listening = on;
    },
  });
  app.addHook('onClose', () => stop());

  app.decorateRequest('readEffects', null);
  app.decorateRequest('publicReadKey', null);

  // Runs after the session hook: only signed-out reads are kept.
  app.addHook('onRequest', async (req, reply) => {
    req.readEffects = [];
    const key = listening ? cacheKeyOf(req) : null;
    if (!key) return;
    const hit = entries.get(key);
    if (!hit) {
      req.publicReadKey = key;
      (req as FastifyRequest & { cacheGeneration?: number }).cacheGeneration = generation;
      return;
    }
    for (const effect of hit.effects) effect();
    return send(reply, hit);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      if (reply.statusCode < 400) forget();
      return payload;
    }
    const key = req.publicReadKey;
    const started = (req as FastifyRequest & { cacheGeneration?: number }).cacheGeneration;
    if (!key || reply.statusCode !== 200 || started !== generation || !listening) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const size = Buffer.byteLength(payload);
    if (size > MAX_ENTRY_BYTES) return payload;
    if (entries.size >= MAX_ENTRIES || bytes + size > MAX_BYTES) forget();
    entries.set(key, {
      status: 200,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      cacheControl: reply.getHeader('cache-control') as string | undefined,
      body: payload,
      bytes: size,
      effects: req.readEffects ?? [],
    });
    bytes += size;
    return payload;
  });
}

function send(reply: FastifyReply, hit: Entry) {
  reply.status(hit.status).type(hit.contentType);
  if (hit.cacheControl) reply.header('cache-control', hit.cacheControl);
  return reply.send(hit.body);
}
