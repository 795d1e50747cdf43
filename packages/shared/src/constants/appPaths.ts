/**
 * The app's own pages, by path pattern, in one list: the web router serves
 * exactly these (apps/web/src/router.tsx; a test holds the two together), and
 * the first HTML answers 200 for them and 404 for other reserved paths.
 * Profiles, boards and sections (`/{username}/...`) are matched elsewhere
 * (`isProfilePath`). A `:name` segment matches one segment; `:id` segments
 * must be ids, `:slug` of `ideas/` an idea category. A final `*` matches one or
 * more segments.
 * must be ids, `:slug` of `ideas/` an idea category, `:kind` of `today/` a kind of Today article.
 */
import { isId } from '../schemas/ids';
import { advertiserUrlKey } from './ads';
import { IDEA_SLUGS } from './ideas';
import { isTakedownForm } from './takedownForms';

/** The kinds of Today article in their path (/today/{shop|trending|best|article}/{slug}/{id}/). */
const TODAY_KINDS: readonly string[] = ['shop', 'trending', 'best', 'article'];

export const APP_PATHS = [
  'homefeed',
  'login',
  'signup',
  'pin/:id',
  'pin/:id/edit',
  'pin/create/:method',
  // The save window of the bookmarklet and the share target (decision 101).
  'pin/create/bookmarklet',
  'pin/create/share',
  'pin-builder',
  'ideas/:slug',
  'today',
  'today/:kind/:articleSlug/:id',
  'board/create',
  'board/create/cluster/:clusterId',
  'board/:boardId/create_section',
  'pin-creation-tool',
  'collage-creation-tool',
  'idea-pin-builder',
  'search',
  'search/me',
  'search/pins',
  'search/boards',
  'search/users',
  'messages',
  'conversation/:id',
  'notifications',
  'settings',
  'settings/:page',
  'developers/apps',
  'oauth',
  'invited',
  'verify-email',
  'admin',
  'admin/entry',
  'about/imprint',
  'report/:form',
  'reports-and-violations',
  'reports-and-violations/queue',
  // The advertiser area: `*` is the URL key, one or more segments (only the keys of ADVERTISER_URL_KEYS).
  'advertiser/:advertiserId/*',
] as const;

const PARAM_CHECKS: Record<string, (segment: string) => boolean> = {
  ':id': isId,
  ':boardId': isId,
  ':clusterId': isId,
  ':advertiserId': isId,
  ':slug': (s) => (IDEA_SLUGS as readonly string[]).includes(s),
  ':form': isTakedownForm,
  ':kind': (s) => TODAY_KINDS.includes(s),
};

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/');
  // A final `*` matches one or more segments.
  if (parts.at(-1) === '*') {
    parts.pop();
    if (segments.length <= parts.length) return false;
    segments = segments.slice(0, parts.length);
  }
  if (parts.length !== segments.length) return false;
  return parts.every((part, i) => {
    const segment = segments[i]!;
    if (!part.startsWith(':')) return part === segment;
    return segment !== '' && (PARAM_CHECKS[part]?.(segment) ?? true);
  });
}

/** Whether the decoded path segments (no empty ones) name one of the app's own pages. */
export function isAppPath(segments: readonly string[]): boolean {
  if (segments.length === 0) return false;
  // The advertiser area: only the URL keys of docs/product/logged-out-and-business.md §2 (another is an error page).
  if (segments[0] === 'advertiser' && advertiserUrlKey(segments.slice(2)) === null) return false;
  return APP_PATHS.some((pattern) => matches(pattern, segments));
}
