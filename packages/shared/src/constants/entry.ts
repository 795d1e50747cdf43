/**
 * Logged-out entry (docs/product/logged-out-and-business.md §2, §4, §9; docs/product/api-contract.md §8):
 * page kinds, upsell events and the scroll rules of the header and footer
 * bars: what a first paint needs. Entry channels, referrers, markers and
 * crawlers are in entryChannels.ts.
 */
import { isReservedPath } from './reservedPaths';

/** Page kinds recognised for logged-out interaction logging (docs/product/logged-out-and-business.md §2), as the spec spells them. */
export const PAGE_KINDS = [
  'pin',
  'board',
  'login',
  'home',
  'profile',
  'ideas',
  'ideas-root',
  'videos',
  'videos-category',
  'article',
  'shopping-spotlight',
  'today',
  'unauth-profile',
  'shopping-root',
  'shopping-category',
  'other',
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** Logged-out upsell events (docs/product/logged-out-and-business.md §4), in the contract's snake_case. */
export const UNAUTH_EVENTS = [
  'set_upsell_reason',
  'pin_view',
  'pin_save',
  'closeup_save',
  'closeup_download',
  'scroll_down_trigger',
  'scroll_down_clear',
  'follow_click',
  'following_click',
  'followers_click',
  'comment_composer_click',
  'pin_link_click',
  'related_pin_open',
  'navigational_modal_viewed',
  'pages_seen',
  'reset_trigger',
] as const;
export type UnauthEvent = (typeof UNAUTH_EVENTS)[number];

/**
 * Events that ask a signed-out visitor to sign up or log in: each opens the
 * signup prompt (desktop: a modal; phone: a slide-up sheet). The others are
 * only recorded.
 */
export const PROMPTING_EVENTS: readonly UnauthEvent[] = [
  'pin_save',
  'closeup_save',
  'closeup_download',
  'scroll_down_trigger',
  'follow_click',
  'following_click',
  'followers_click',
  'comment_composer_click',
  'pin_link_click',
  'related_pin_open',
];

export { BARS } from './bars';

/** Countries whose visitors get the imprint link (docs/product/logged-out-and-business.md §2). */
export const IMPRINT_COUNTRIES: readonly string[] = ['DE', 'AT', 'CH'];

/** A landing payload larger than this (JSON bytes) is refused with 413 before it is read. */
export const ATTRIBUTION_MAX_BYTES = 4096;

// ---------------------------------------------------------------------------

/** The page kind of an app path, for interaction logging (docs/product/logged-out-and-business.md §2). Reserved first segments are 'other'. */
export function pageKindOf(pathname: string): PageKind {
  const parts = pathname.split('/').filter(Boolean);
  const [first = '', second] = parts;
  if (parts.length === 0 || first === 'homefeed') return 'home';
  switch (first) {
    case 'pin':
      return second && /^\d+$/.test(second) ? 'pin' : 'other';
    case 'login':
    case 'signup':
      return 'login';
    case 'ideas':
      return second ? 'ideas' : 'ideas-root';
    case 'videos':
      return second ? 'videos-category' : 'videos';
    case 'today':
      return parts.length >= 4 ? 'article' : 'today';
    case 'shopping':
      return second === 'spotlight' ? 'shopping-spotlight' : second ? 'shopping-category' : 'shopping-root';
    case 'unauth-profile':
      return 'unauth-profile';
    default:
      break;
  }
  if (isReservedPath(first)) return 'other';
  return parts.length === 1 ? 'profile' : 'board';
}
