/**
 * Link helpers for the create menu's website field and for profile website
 * links (docs/product/logged-out-and-business.md §5, docs/product/profiles-and-boards.md §5).
 */

const HTTP_SCHEME = /^https?:\/\//i;
/** Any `scheme://` prefix (RFC 3986 scheme characters). */
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * True for a dotted host name: at least two non-empty labels separated by dots
 * (one trailing dot, as in a fully qualified name, is tolerated). The spec
 * only says "a host containing a dot"; we read that as a dot between labels,
 * so '.', '..', '.com' or 'a..b' do not count.
 */
function isDottedHost(host: string): boolean {
  const labels = host.replace(/\.$/, '').split('.');
  return labels.length >= 2 && labels.every((label) => label !== '');
}

/**
 * Link field rule: empty is allowed; otherwise an optional http:// or https://
 * then a host containing a dot. The host is everything up to the first '/',
 * '?', '#' or ':'. No whitespace is allowed anywhere.
 */
export function isValidLink(s: string): boolean {
  if (s === '') return true;
  if (/\s/.test(s)) return false;
  const rest = s.replace(HTTP_SCHEME, '');
  const host = rest.split(/[/?#:]/, 1)[0] ?? '';
  return isDottedHost(host);
}

/**
 * The Pin builder's link rule: a link the create menu's field accepts, or
 * any http(s) URL a person could mean: one written with its http:// or
 * https://, `localhost` (with a port, say) or an IPv6 literal. A loopback
 * or private address is a valid URL; whether the server may read it is
 * the server's answer (it refuses them, saying why), not this rule's.
 */
export function isWebAddress(s: string): boolean {
  const text = s.trim();
  if (text === '' || /\s/.test(text)) return false;
  if (isValidLink(text)) return true;
  let url: URL;
  try {
    url = new URL(normalizeLink(text));
  } catch {
    return false;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return false;
  return HTTP_SCHEME.test(text) || url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname.startsWith('[');
}

/**
 * Prefixes https:// when the link has no scheme ('example.com' →
 * 'https://example.com', '//example.com' → 'https://example.com'). Surrounding
 * whitespace is trimmed; an empty link stays empty.
 */
export function normalizeLink(s: string): string {
  const link = s.trim();
  if (link === '' || ANY_SCHEME.test(link)) return link;
  if (link.startsWith('//')) return `https:${link}`;
  return `https://${link}`;
}

/**
 * True only for absolute http/https URLs with a dotted host. Website links
 * that pass get rel="nofollow" and open in a new tab (docs/product/profiles-and-boards.md §5).
 */
export function isExternalLinkSafe(url: string): boolean {
  if (/\s/.test(url) || !HTTP_SCHEME.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && isDottedHost(parsed.hostname);
}

/** Query parameters that only say where a visit came from: `utm_*` (any case), Facebook's `fbclid`, Google's `gclid`. */
const TRACKING_PARAM = /^(?:utm_.*|fbclid|gclid)$/i;

/**
 * A link's duplicate key (decision 095): two links that lead to the same page
 * have the same key. What does not count: the scheme (http or https), a
 * leading `www.`, a trailing slash, the host's case, a default port, tracking
 * parameters (`utm_*`, `fbclid`, `gclid`), the fragment and the order of the
 * query's parameters. `example.com/a/?utm_source=x#top` and
 * `http://www.Example.com/a` both give `example.com/a`. Null for an empty
 * link or anything that is not an http(s) address.
 */
export function linkKey(link: string): string | null {
  const text = normalizeLink(link);
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  // `mailto:a@b.c` reads as a user and password on a host once https:// is put before it: no page of its own.
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.username || url.password) return null;
  const host = url.hostname.replace(/^www\./, '').replace(/\.$/, '');
  const port = url.port ? `:${url.port}` : '';
  let path = url.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  const params = [...url.searchParams].filter(([name]) => !TRACKING_PARAM.test(name));
  // Sorted by name, a name's values in their order (a stable sort): `?b=1&a=2` is `?a=2&b=1`.
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  return `${host}${port}${path}${query}`;
}
