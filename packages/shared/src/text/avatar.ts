/** Path ending of the placeholder avatar image served for users without one. */
const DEFAULT_AVATAR_SUFFIX = 'default_75.png';

/**
 * Avatar URL or null when there is no real image: empty values and paths
 * ending in default_75.png count as no image (docs/product/logged-out-and-business.md §5,
 * docs/product/profiles-and-boards.md §5). A query string or fragment is ignored for the check.
 */
export function avatarOrNull(url: string | null | undefined): string | null {
  if (url == null) return null;
  const trimmed = url.trim();
  if (trimmed === '') return null;
  const path = trimmed.split(/[?#]/, 1)[0] ?? '';
  return path.endsWith(DEFAULT_AVATAR_SUFFIX) ? null : trimmed;
}
