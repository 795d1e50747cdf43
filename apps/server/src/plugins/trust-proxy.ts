/**
 * TRUST_PROXY as Fastify's `trustProxy` option: which X-Forwarded-For,
 * -Proto and -Host hops to believe, and so which address is the client's
 * (per-client rate limits) and whether a request came over HTTPS.
 */
import { BlockList, isIP } from 'node:net';
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

/** proxy-addr's names for address ranges, as TRUST_PROXY accepts them. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.1', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether the socket's peer is a proxy TRUST_PROXY names, so that what it says about the request (its
 * X-Request-Id) is believed: any peer for a hop count (the server is reached through the proxies alone),
 * a listed address or range, none when TRUST_PROXY is off.
 */
export function trustsPeer(trust: TrustProxy): (address: string) => boolean {
  if (trust === false || trust === 0) return () => false;
  if (typeof trust === 'number') return () => true;
  const list = new BlockList();
  for (const entry of trust) {
    const named = NAMED_RANGES[entry.toLowerCase()];
    if (named) {
      for (const [address, prefix, family] of named) list.addSubnet(address, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    // An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
