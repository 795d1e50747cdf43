/**
 * What a scanned code opens (decision 061): a code names a page of this site
 * when its text is an address on this site's origin (or a path on it); the
 * page is then opened inside the app. Anything else is not a Pincode of ours.
 */
export function pincodeTarget(text: string, origin: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  // Only the pages a Pincode names: a profile or a board (or its section); never an API or media address.
  if (/^\/(v3|resource|media|api|assets)\//.test(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}
