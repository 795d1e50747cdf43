/**
 * First-level URL path segments that can never be a username.
 *
 * A profile lives at the single-segment path /{username}/; every name below is
 * taken by the product itself (docs/product/logged-out-and-business.md §2, "Reserved
 * first-level paths").
 */

/** The reserved list exactly as docs/product/logged-out-and-business.md §2 gives it (59 names). */
export const SPEC_RESERVED_PATHS = [
  'about',
  'add-account',
  'ads',
  'age_verification',
  'all',
  'branded-pins',
  'careers',
  'categories',
  'close-account',
  'convert-business',
  'convert-personal',
  'create-business',
  'create-personal',
  'deactivate-account',
  'developers',
  'discover',
  'edit',
  'explore',
  'following',
  'help',
  'homefeed',
  'idea-ads-tool',
  'idea-pin-builder',
  'ideas',
  'inbox',
  'invited',
  'jobs',
  'login',
  'logout',
  'me',
  'messages',
  'notifications',
  'oauth',
  'pin-builder',
  'pin-creation-tool',
  'pin-editor',
  'policy',
  'product-catalogs',
  'recently-viewed',
  'report',
  'reports-and-violations',
  'request-data',
  'search',
  'settings',
  'shopping',
  'signup',
  'socialmanager',
  'story-pin-builder',
  'switch_account',
  'terms',
  'today',
  'topics',
  'unauth-profile',
  'unlink',
  'verified',
  'verify',
  'videos',
  'welcome',
  'your-shop',
] as const;

/**
 * Technical names our own app needs on the first level (API, resources,
 * media, health check, static files, and pages the spec routes outside the
 * list above). The spec says upload, verification and static-file paths are
 * reserved without listing them; these are ours.
 */
export const TECHNICAL_RESERVED_PATHS = [
  'api',
  'resource',
  'v3',
  'vx',
  'media',
  'assets',
  'healthz',
  'board',
  'pin',
  'advertiser',
  'conversation',
  'collage-creation-tool',
  'favicon.ico',
  'robots.txt',
  'static',
  'uploads',
  'verify-email',
  // Staff pages (/admin/entry/: sign-ups by entry channel).
  'admin',
] as const;

/** Every reserved first-level name (lower case). */
export const RESERVED_PATHS: ReadonlySet<string> = new Set<string>([...SPEC_RESERVED_PATHS, ...TECHNICAL_RESERVED_PATHS]);

/** Drops surrounding slashes so that '/about/' and 'about' compare alike (a loop: /\/+$/ backtracks on inner runs of slashes). */
function bareSegment(segment: string): string {
  let start = 0;
  let end = segment.length;
  while (start < end && segment.charCodeAt(start) === 47) start++;
  while (end > start && segment.charCodeAt(end - 1) === 47) end--;
  return segment.slice(start, end);
}

/** True when the first-level segment is reserved (case-insensitive). */
export function isReservedPath(segment: string): boolean {
  return RESERVED_PATHS.has(bareSegment(segment).toLowerCase());
}

/**
 * True when the pathname's first segment exists and is not reserved, i.e. the
 * path belongs to a profile (/{username}/ and its sub-paths). A query string
 * or fragment, if present, is ignored.
 */
export function isProfilePath(pathname: string): boolean {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const first = path.split('/').find((part) => part !== '');
  return first !== undefined && !isReservedPath(first);
}
