/**
 * Signed-out reads from memory. A GET with no viewer, to a read that shows
 * the same to every signed-out visitor (a board's Pins, a Pin, a profile,
 * a page's first HTML), is answered from what an earlier answer to the same
 * address was, with no query and no serialising.
 *
 * Each kept answer records the ids it depends on (decision 064): every id its
 * JSON names (a quoted string of digits: the board, its owner, each Pin and
 * pinner, sections, comments and their authors…) and the numbers in its
 * address; a first HTML, the ids of everything the services read for it
 * returned. An answer that names no id depends on everything. What is kept is
 * forgotten
 *   - on PostgreSQL's notice `content_changed`, sent at commit by triggers on
 *     every table a signed-out read shows (migrations 0016, 0040), to every
 *     server: a notice naming keys (`board:1 pin:2 user:3`) forgets the
 *     answers that depend on one of those ids; an empty or `*` notice (a
 *     block, a moderation decision about a person, a board made secret, a
 *     private profile…) forgets everything;
 *   - after any successful change made through this server, before its answer
 *     is sent: the server sends a marker on the same channel and waits until
 *     it hears it back, so the change's own notices (delivered in commit
 *     order) have been applied; whoever changed something never reads it
 *     stale. Without the marker back in FENCE_TIMEOUT_MS, everything;
 *   - whenever the listening connection drops; until it is back nothing is
 *     served from memory;
 *   - MAX_AGE_MS after it was kept, for what no notice can name: a new Pin
 *     that would join another Pin's related Pins, say.
 * A read that began before a notice naming one of its ids (or a broad one) is
 * never kept afterwards (the recent notices are remembered). Side effects of
 * a read that must still happen on every read (a partner's view count) are
 * kept with the answer and replayed.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { clientKindOf } from '@pinboard/shared/constants/entryChannels';
import { pageLocale } from '../modules/pages/page-locale';
import { countCache } from '../metrics';

/** Tables no signed-out read shows: they carry no content_changed trigger (a test checks the two groups cover every table). */
export const NOT_SHOWN_SIGNED_OUT = [
  'schema_migrations',
  'sessions',
  'board_action_claims',
  'user_reports',
  'conversations',
  'conversation_members',
  'messages',
  'pin_favorites',
  'pin_hides',
  'email_verification_tokens',
  'user_experiences',
  'moderation_decisions',
  'moderation_notices',
  // Business access and two-factor sign-in: only their people see them, and only signed in.
  'business_access',
  'business_audit',
  'user_mfa',
  'mfa_recovery_codes',
  // Idea Pin uploads not yet published: what they change shows through pins.
  'story_media',
  // Bulk upload drafts (decision 098): only their owner sees them, and a published one is a Pin.
  'pin_drafts',
  // Imports and exports (decisions 094, 096): only their owner sees them; what an import makes shows through boards and pins.
  'imports',
  'import_items',
  'import_pins',
  'import_boards',
  'exports',
  // OAuth apps, codes and tokens (decision 099): their owner's and their person's only; never part of a signed-out read.
  'oauth_apps',
  'oauth_codes',
  'oauth_tokens',
  // Where a housekeeping task stopped (decision 095).
  'housekeeping_progress',
  // API v5 media uploads (decision 100): their person's only; a Pin made from one shows through pins.
  'api_media_uploads',
  // A statistic, written every two seconds while Pins are read: a profile may show it a moment late.
  'profile_view_days',
  // Logged-out entry statistics (decision 040): never shown to visitors.
  'entry_landings',
  'unauth_event_counts',
  // Ad accounts, campaigns and their statistics (decision 036): ads are served to signed-in people only, and the
  // advertiser area is its business's own.
  'advertisers',
  'ad_campaigns',
  'ad_groups',
  'ads',
  'ad_events',
  'ad_daily_stats',
  'ad_impressions_seen',
  // The servers' worker-id leases and shared secrets (decision 054): nothing anyone is shown.
  'server_leases',
  'shared_secrets',
  // The last 5xx answers (decision 106): staff read them on the admin page.
  'server_errors',
  // Search's recent searches and its word list for "Did you mean" (decision 084): read by search, which is not kept.
  'search_history',
  'search_words',
  // Web Push subscriptions (decision 088): a person's own browsers, never shown to anyone.
  'push_subscriptions',
  // Hearts on comments (decision 090): a heart changes its comment's heart_count, whose update notifies.
  'pin_comment_hearts',
  // Notifications (decision 086): their recipient's alone, read signed in only.
  'notifications',
  'notification_actors',
  'notification_settings',
  'notification_digests',
];

/** Reads that show every signed-out visitor the same thing. */
const CACHEABLE_RESOURCES = new Set([
  'BoardFeedResource',
  'PinResource',
  'UserResource',
  'BoardResource',
  'BoardsResource',
  'UserPinsResource',
  'UserCreatedPinsResource',
  'BoardSectionsResource',
  'BoardSectionResource',
  'PinCommentsResource',
  // "More to explore": built from pins, boards, users and pin_interests (all notify), and from the words the planner's
  // statistics call common (topics.repo commonWords, no notice): those only choose where candidates are sought, never
  // what may be shown, and the service itself reads them only every few minutes.
  'RelatedPinsResource',
]);

const MAX_ENTRIES = 5000;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRY_BYTES = 256 * 1024;
/** How long an answer is kept at most: what no notice names (a new Pin among another's related Pins) shows by then. */
const MAX_AGE_MS = 60_000;
/** How long a change's answer waits to hear its own marker back before it forgets everything instead. */
const FENCE_TIMEOUT_MS = 2000;
/** Notices remembered for reads in flight; a read older than these is not kept. */
const RECENT_NOTICES = 1024;

interface Entry {
  status: number;
  contentType: string;
  cacheControl: string | undefined;
  body: string | Buffer;
  bytes: number;
  effects: (() => void)[];
  /** The ids it depends on; null: everything. */
  ids: string[] | null;
  keptAt: number;
  /** The answer as it left, for the raw path (public-read-fast-path.ts): every header but the per-request ones, and the bytes. */
  wire?: WireAnswer;
}

interface WireAnswer {
  /** Name, value, name, value…: every header as sent, Content-Length the body's, no cookie. */
  rawHeaders: string[];
  body: Buffer;
  /** The address as a log line shows it (redacted once, by the raw path). */
  loggedUrl?: string;
}

/** Headers a kept answer's wire form leaves out: Node adds its own, the length is the body's, and a cookie and the request's id are per request. */
const PER_REQUEST_HEADERS = new Set(['set-cookie', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Side effects a cached answer to this read must replay (see RequestContext.effects). */
    readEffects: (() => void)[] | null;
    publicReadKey: string | null;
    /** What the services returned to a first HTML that may be kept: the ids it showed, how many reads, and whether one could not be read for ids. */
    publicReadShown: { ids: Set<string>; calls: number; unknown: boolean } | null;
    /** The entry this answer was just kept as, whose wire form the last onSend hook records (keepWireAnswers). */
    publicReadKept: Entry | null;
  }
}

function cacheKeyOf(req: FastifyRequest): string | null {
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

/** The ids a content_changed notice names; null when it names none precisely (forget everything). */
export function idsOfNotice(payload: string): string[] | null {
  const keys = payload.trim();
  if (keys === '' || keys === '*') return null;
  const ids: string[] = [];
  for (const key of keys.split(' ')) {
    const at = key.indexOf(':');
    if (at <= 0 || at === key.length - 1) return null;
    ids.push(key.slice(at + 1));
  }
  return ids;
}

/** Every quoted string of digits in a JSON answer: the ids it shows (over-collecting only forgets more often). */
function idsInJson(text: string, into: Set<string> = new Set()): Set<string> {
  for (const m of text.matchAll(/"(\d{1,20})"/g)) into.add(m[1]!);
  return into;
}

function idsInAddress(url: string, into: Set<string>) {
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    // the raw address still holds its digits
  }
  for (const m of text.matchAll(/\d{1,20}/g)) into.add(m[0]);
}

/**
 * The services, recording the ids of what each call returns into the request, for a first HTML that may be kept
 * (web-app.ts): the page shows what it read.
 */
export function servicesRecordingShown<S extends object>(services: S, req: FastifyRequest): S {
  const shown = req.publicReadShown;
  if (!shown) return services;
  const wrap = (target: object): object =>
    new Proxy(target, {
      get(t, prop) {
        const value = Reflect.get(t, prop) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result = (value as (...a: unknown[]) => unknown).apply(t, args);
          const note = (answer: unknown) => {
            shown.calls++;
            try {
              idsInJson(JSON.stringify(answer) ?? '', shown.ids);
            } catch {
              shown.unknown = true;
            }
            return answer;
          };
          return result instanceof Promise ? result.then(note) : note(result);
        };
      },
    });
  return new Proxy(services, {
    get(t, prop) {
      const value = Reflect.get(t, prop) as unknown;
      return value && typeof value === 'object' ? wrap(value) : value;
    },
  });
}

export interface PublicReadCache {
  /** A kept JSON answer still fresh, with its wire form (null when there is none): for the raw path. */
  wireHit(url: string): { wire: WireAnswer; effects: (() => void)[] } | null;
  /**
   * Records each newly kept answer's wire form. Call after every plugin and route is registered: its onSend hook must
   * run after all the others, so that what it records is what left.
   */
  keepWireAnswers(): void;
}

export async function publicReadCachePlugin(app: FastifyInstance, { db, publicHttps }: { db: Db; publicHttps: boolean }): Promise<PublicReadCache> {
  const entries = new Map<string, Entry>();
  /** id → the keys of the entries that depend on it; and the entries that depend on everything. */
  const byId = new Map<string, Set<string>>();
  const dependOnAll = new Set<string>();
  let bytes = 0;
  /** The notices heard, numbered; the last RECENT_NOTICES of them (null: everything). */
  let heard = 0;
  const recent: (Set<string> | null)[] = new Array<Set<string> | null>(RECENT_NOTICES).fill(null);
  let listening = false;
  const marker = `fence:${randomBytes(6).toString('hex')}:`;
  let markers = 0;
  const awaiting = new Map<string, () => void>();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    if (!entry.ids) dependOnAll.delete(key);
    else
      for (const id of entry.ids) {
        const keys = byId.get(id);
        keys?.delete(key);
        if (keys?.size === 0) byId.delete(id);
      }
  };
  const forgetAll = () => {
    recent[heard++ % RECENT_NOTICES] = null;
    entries.clear();
    byId.clear();
    dependOnAll.clear();
    bytes = 0;
  };
  const forgetIds = (ids: string[]) => {
    recent[heard++ % RECENT_NOTICES] = new Set(ids);
    for (const key of [...dependOnAll]) drop(key);
    for (const id of ids) {
      const keys = byId.get(id);
      if (keys) for (const key of [...keys]) drop(key);
    }
  };
  /** Whether a notice heard since `since` touches an answer depending on `ids`. */
  const changedSince = (since: number, ids: string[] | null) => {
    if (heard - since > RECENT_NOTICES) return true;
    for (let n = since; n < heard; n++) {
      const named = recent[n % RECENT_NOTICES];
      if (!named || !ids) return true;
      for (const id of ids) if (named.has(id)) return true;
    }
    return false;
  };
  const releaseMarkers = () => {
    for (const done of awaiting.values()) done();
    awaiting.clear();
  };

  const stop = await db.listen('content_changed', {
    onNotify: (payload) => {
      if (payload.startsWith('fence:')) {
        awaiting.get(payload)?.();
        awaiting.delete(payload);
        return;
      }
      const ids = idsOfNotice(payload);
      if (ids) forgetIds(ids);
      else forgetAll();
    },
    onListening: (on) => {
      forgetAll();
      listening = on;
      if (!on) releaseMarkers();
    },
  });
  app.addHook('onClose', async () => {
    releaseMarkers();
    await stop();
  });

  /** Waits until this server has heard every notice committed before now; forgets everything if it cannot tell. */
  const caughtUp = async () => {
    if (!listening) return forgetAll();
    const token = marker + ++markers;
    let timer: NodeJS.Timeout | undefined;
    const heardBack = new Promise<boolean>((resolve) => {
      awaiting.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), FENCE_TIMEOUT_MS);
    });
    try {
      await db.query('SELECT pg_notify($1, $2)', ['content_changed', token]);
      if (!(await heardBack) || !listening) forgetAll();
    } catch {
      forgetAll();
    } finally {
      clearTimeout(timer);
      awaiting.delete(token);
    }
  };

  app.decorateRequest('readEffects', null);
  app.decorateRequest('publicReadKey', null);
  app.decorateRequest('publicReadShown', null);
  app.decorateRequest('publicReadKept', null);

  // Runs after the session hook: only signed-out reads are kept.
  app.addHook('onRequest', async (req, reply) => {
    req.readEffects = [];
    const key = listening ? cacheKeyOf(req) : null;
    if (!key) return;
    const hit = entries.get(key);
    if (!hit || Date.now() - hit.keptAt > MAX_AGE_MS) {
      countCache('public_read', false);
      if (hit) drop(key);
      req.publicReadKey = key;
      if (key.startsWith('h ')) req.publicReadShown = { ids: new Set(), calls: 0, unknown: false };
      (req as FastifyRequest & { cacheFrom?: number }).cacheFrom = heard;
      return;
    }
    countCache('public_read', true);
    for (const effect of hit.effects) effect();
    return send(reply, hit);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      if (reply.statusCode < 400) await caughtUp();
      return payload;
    }
    const key = req.publicReadKey;
    const from = (req as FastifyRequest & { cacheFrom?: number }).cacheFrom;
    if (!key || from === undefined || reply.statusCode !== 200 || !listening) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const size = Buffer.byteLength(payload);
    if (size > MAX_ENTRY_BYTES) return payload;
    const found = new Set<string>();
    const shown = req.publicReadShown;
    if (shown) for (const id of shown.ids) found.add(id);
    else idsInJson(typeof payload === 'string' ? payload : payload.toString('utf8'), found);
    idsInAddress(req.url, found);
    // A JSON answer naming no id, or a page whose reads named none, may depend on anything. A page that read
    // nothing (the home page's first HTML, an app path) shows no content, but is still forgotten by broad notices.
    const ids = shown?.unknown ? null : found.size > 0 || shown?.calls === 0 ? [...found] : null;
    if (changedSince(from, ids)) return payload;
    drop(key);
    while (entries.size > 0 && (entries.size >= MAX_ENTRIES || bytes + size > MAX_BYTES)) drop(entries.keys().next().value!);
    const entry: Entry = {
      status: 200,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      cacheControl: reply.getHeader('cache-control') as string | undefined,
      body: payload,
      bytes: size,
      effects: req.readEffects ?? [],
      ids,
      keptAt: Date.now(),
    };
    entries.set(key, entry);
    req.publicReadKept = entry;
    bytes += size;
    if (!ids) dependOnAll.add(key);
    else
      for (const id of ids) {
        let keys = byId.get(id);
        if (!keys) byId.set(id, (keys = new Set()));
        keys.add(key);
      }
    return payload;
  });

  return {
    wireHit(url) {
      if (!listening) return null;
      const hit = entries.get(`j ${url}`);
      // A miss here is looked up again in the framework (counted there); a hit is served before it.
      if (!hit?.wire || Date.now() - hit.keptAt > MAX_AGE_MS) return null;
      countCache('public_read', true);
      return { wire: hit.wire, effects: hit.effects };
    },
    keepWireAnswers() {
      app.addHook('onSend', async (req, reply, payload) => {
        const entry = req.publicReadKept;
        // Only an answer over plain HTTP, or one whose HTTPS-ness PUBLIC_URL tells, is the same for every request.
        if (!entry || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
        if (req.isHttps !== publicHttps) return payload;
        const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
        const rawHeaders: string[] = [];
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value === undefined || PER_REQUEST_HEADERS.has(name)) continue;
          for (const one of Array.isArray(value) ? value : [value]) rawHeaders.push(name, String(one));
        }
        rawHeaders.push('content-length', String(body.length));
        entry.wire = { rawHeaders, body };
        return payload;
      });
    },
  };
}

function send(reply: FastifyReply, hit: Entry) {
  reply.status(hit.status).type(hit.contentType);
  if (hit.cacheControl) reply.header('cache-control', hit.cacheControl);
  return reply.send(hit.body);
}
