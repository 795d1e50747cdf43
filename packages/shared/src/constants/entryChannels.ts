/**
 * Logged-out entry, the parts that read where a visitor came from and who
 * they are (docs/product/logged-out-and-business.md §4, §7): entry channels, referrers,
 * invite keys, the nic_v4 marker, crawlers, and the twice-encoded payload.
 * Kept apart from entry.ts so that a first paint, which needs only the page
 * kinds and events, does not carry them. Linear-time throughout.
 */
/** Entry channels (docs/product/logged-out-and-business.md §4), in the order they are decided. */
export const ENTRY_CHANNELS = ['paid', 'invite', 'email', 'fb', 'facebook', 'twitter', 'seo', 'direct', 'other'] as const;
export type EntryChannel = (typeof ENTRY_CHANNELS)[number];

/** Search referrers recognised for SEO (docs/product/logged-out-and-business.md §4). */
const SEARCH_REFERRERS = ['google', 'bing', 'yahoo', 'yandex', 'rakuten', 'naver', 'duckduckgo', 'amp'] as const;
/** Referrer kinds a landing is stored with: the search engines, the two social sites, our own site, another, or none. */
export const REFERRER_KINDS = [...SEARCH_REFERRERS, 'facebook', 'twitter', 'internal', 'other', 'none'] as const;
export type ReferrerKind = (typeof REFERRER_KINDS)[number];

/** Query keys that make a landing an invite (docs/product/logged-out-and-business.md §4). */
const INVITE_QUERY_KEYS = ['invite_code', 'invite', 'board_invite_code', 'sender'] as const;

/** The non-invite tracking marker added to Pin URLs without invite parameters (docs/product/logged-out-and-business.md §4): web, mobile web. */
const NIC_V4_KEY = 'nic_v4';
const NIC_V4_WEB = '1a';
const NIC_V4_MOBILE_WEB = '1b';

/** The kind of a referrer address: a search engine, facebook, twitter, our own site, another, or none. */
export function referrerKindOf(referrer: string, ownHost: string): ReferrerKind {
  if (!referrer) return 'none';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'other';
  }
  if (host === ownHost.toLowerCase()) return 'internal';
  const labels = host.split('.');
  const has = (name: string) => labels.includes(name);
  if (host.endsWith('.ampproject.org') || host.endsWith('cdn.ampproject.org')) return 'amp';
  for (const engine of SEARCH_REFERRERS) if (engine !== 'amp' && has(engine)) return engine;
  if (has('facebook') || host === 'fb.com' || host === 'm.me') return 'facebook';
  if (has('twitter') || host === 't.co' || host === 'x.com') return 'twitter';
  return 'other';
}

/** The entry channel of a landing (docs/product/logged-out-and-business.md §4): paid, invite, email, fb, facebook/twitter referrers, SEO, else direct or other. */
export function entryChannelOf(params: URLSearchParams, referrer: ReferrerKind): EntryChannel {
  if (params.has('utm_pai')) return 'paid';
  if (INVITE_QUERY_KEYS.some((key) => params.has(key))) return 'invite';
  const source = params.get('utm_source');
  if (source === 'email' || source === '31') return 'email';
  if (source === 'fb' || params.has('fbclid')) return 'fb';
  if (referrer === 'facebook' || referrer === 'twitter') return referrer;
  if ((SEARCH_REFERRERS as readonly string[]).includes(referrer)) return 'seo';
  if (referrer === 'none' || referrer === 'internal') return 'direct';
  return 'other';
}

/** The first invite code among the invite keys, if any. */
export function inviteCodeOf(params: URLSearchParams): string | null {
  for (const key of INVITE_QUERY_KEYS) {
    const value = params.get(key);
    if (value) return value;
  }
  return null;
}

/**
 * A Pin address with the non-invite tracking marker (docs/product/logged-out-and-business.md §4): `nic_v4=1a` on the
 * web, `1b` on mobile web, added only when it carries no invite parameter (and
 * no marker yet). `href` may be a path or a full address; its form is kept.
 */
export function withNicMarker(href: string, mobile: boolean): string {
  const hashAt = href.indexOf('#');
  const hash = hashAt < 0 ? '' : href.slice(hashAt);
  const base = hashAt < 0 ? href : href.slice(0, hashAt);
  const queryAt = base.indexOf('?');
  const params = new URLSearchParams(queryAt < 0 ? '' : base.slice(queryAt + 1));
  if (params.has(NIC_V4_KEY) || INVITE_QUERY_KEYS.some((key) => params.has(key))) return href;
  params.set(NIC_V4_KEY, mobile ? NIC_V4_MOBILE_WEB : NIC_V4_WEB);
  return `${queryAt < 0 ? base : base.slice(0, queryAt)}?${params.toString()}${hash}`;
}

/** Who a user agent is (profile tabs, upsells and tracking depend on it): a crawler, a link-preview fetcher, or a person. */
export type ClientKind = 'bot' | 'social_bot' | 'human';

/** Link-preview fetchers of social sites and messengers (checked first: several also say "bot"). */
const SOCIAL_BOTS = [
  'facebookexternalhit',
  'facebot',
  'twitterbot',
  'linkedinbot',
  'slackbot',
  'slack-imgproxy',
  'discordbot',
  'telegrambot',
  'whatsapp',
  'skypeuripreview',
  'pinterestbot',
  'redditbot',
  'embedly',
  'vkshare',
  'tumblr',
  'mastodon',
  'iframely',
];
const BOT_WORDS = ['bot', 'crawl', 'spider', 'slurp', 'mediapartners', 'lighthouse'];

/** Reads a User-Agent header (substring checks only: linear in its length, which is capped). */
export function clientKindOf(userAgent: string | undefined): ClientKind {
  if (!userAgent) return 'human';
  const ua = userAgent.slice(0, 512).toLowerCase();
  if (SOCIAL_BOTS.some((name) => ua.includes(name))) return 'social_bot';
  if (BOT_WORDS.some((word) => ua.includes(word))) return 'bot';
  return 'human';
}

/** Whether a User-Agent is a phone or tablet (site code 1) rather than the desktop web (0). */
export function isMobileUserAgent(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? '').slice(0, 512).toLowerCase();
  return ua.includes('mobi') || ua.includes('android') || ua.includes('iphone') || ua.includes('ipad');
}

/**
 * Decodes a value URL-encoded twice (the spec's attribution payload, docs/product/logged-out-and-business.md §7), or
 * null when it is not: a broken escape at either level, or a value sent
 * encoded only once (after one decoding, a twice-encoded value still holds
 * only characters encodeURIComponent leaves alone, and `%` before two hex
 * digits). One pass per level: linear time.
 */
export function decodeTwice(value: string): string | null {
  const once = decodeOnce(value);
  if (once === null || !isEncodedText(once)) return null;
  return decodeOnce(once);
}

function decodeOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Only characters encodeURIComponent emits, with every `%` starting an escape. */
function isEncodedText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 37 /* % */) {
      if (!isHex(value.charCodeAt(i + 1)) || !isHex(value.charCodeAt(i + 2))) return false;
      continue;
    }
    const ok = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || "-_.!~*'()".includes(value[i]!);
    if (!ok) return false;
  }
  return true;
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}
