/**
 * TRUST_PROXY as Fastify's `trustProxy` option: which X-Forwarded-For,
 * -Proto and -Host hops to believe, and so which address is the client's
 * (per-client rate limits) and whether a request came over HTTPS.
 */
import type { TrustProxy } from '../config';

/** proxy-addr's trust function: `hop` 0 is the socket's peer, 1 the address it forwarded for, and so on. */
type TrustFn = (address: string, hop: number) => boolean;

export function trustProxyOption(trust: TrustProxy): false | string[] | TrustFn {
  if (trust === false || trust === 0) return false;
  // Fastify's own number option trusts no hop at all (it cannot check who the peer is), so a hop
  // count is given as a function: the first `trust` hops are proxies, the next address is the client.
  // This is only safe when the server can be reached through those proxies alone.
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
