/**
 * Percent-decoding of values a client sends: a malformed escape ('%', '%zz',
 * a broken UTF-8 sequence) is the client's mistake, so it comes back as null
 * for the caller to refuse, instead of a URIError that would answer 500.
 */
export function decodeUriComponentOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
