/**
 * The app's own pages, by path pattern, in one list: the web router serves
 * exactly these (apps/web/src/router.tsx; a test holds the two together), and
 * the first HTML answers 200 for them and 404 for other reserved paths.
 * Profiles, boards and sections (`/{username}/...`) are matched elsewhere
 * (`isProfilePath`). A `:name` segment matches one segment; `:id` segments
 * must be ids, `:slug` of `ideas/` an idea category.
 */
import { isId } from '../schemas/ids';
import { IDEA_SLUGS } from './ideas';

export const APP_PATHS = [
  'homefeed',
  'login',
  'signup',
  'pin/:id',
  'pin/:id/edit',
  'pin/create/:method',
  'pin-builder',
  'ideas/:slug',
  'board/create',
  'board/create/cluster/:clusterId',
  'board/:boardId/create_section',
  'pin-creation-tool',
  'collage-creation-tool',
  'idea-pin-builder',
  'search',
  'search/me',
  'messages',
  'conversation/:id',
  'settings',
  'settings/:page',
  'invited',
  'verify-email',
] as const;

export type AppPath = (typeof APP_PATHS)[number];

const PARAM_CHECKS: Record<string, (segment: string) => boolean> = {
  ':id': isId,
  ':boardId': isId,
  ':clusterId': isId,
  ':slug': (s) => (IDEA_SLUGS as readonly string[]).includes(s),
};

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return false;
  return parts.every((part, i) => {
    const segment = segments[i]!;
    if (!part.startsWith(':')) return part === segment;
    return segment !== '' && (PARAM_CHECKS[part]?.(segment) ?? true);
  });
}

/** Whether the decoded path segments (no empty ones) name one of the app's own pages. */
export function isAppPath(segments: readonly string[]): boolean {
  return segments.length > 0 && APP_PATHS.some((pattern) => matches(pattern, segments));
}
