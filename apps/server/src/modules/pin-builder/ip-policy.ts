/**
 * Which IP addresses the server may connect to when it fetches something a
 * person named by URL (Pin from a website). Only globally reachable unicast
 * addresses are public; loopback, private, link-local, CGNAT, multicast,
 * documentation, benchmarking and reserved ranges are not. IPv6 forms that
 * carry an IPv4 address (IPv4-mapped, NAT64 64:ff9b::/96, 6to4 2002::/16)
 * are judged by the IPv4 address they carry.
 *
 * The IPv6 rule is an allowlist: only 2000::/3 (global unicast) can be
 * public, minus the special-purpose blocks inside it, so a range nobody
 * thought of is refused rather than let through.
 */
import { BlockList, isIP } from 'node:net';

/** IPv4 ranges that are not public (IANA IPv4 special-purpose registry, RFC 6890 and successors). */
const IPV4_NOT_PUBLIC: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", including 0.0.0.0 itself
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, including cloud metadata at 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, ...)
  ['192.0.2.0', 24], // documentation TEST-NET-1
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation TEST-NET-2
  ['203.0.113.0', 24], // documentation TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including broadcast 255.255.255.255
];

/** IPv6 blocks inside 2000::/3 that are not public. */
const IPV6_NOT_PUBLIC: readonly (readonly [string, number])[] = [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID, ...
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
];

const v4Blocked = new BlockList();
for (const [net, prefix] of IPV4_NOT_PUBLIC) v4Blocked.addSubnet(net, prefix, 'ipv4');

const v6Global = new BlockList();
v6Global.addSubnet('2000::', 3, 'ipv6');

const v6Blocked = new BlockList();
for (const [net, prefix] of IPV6_NOT_PUBLIC) v6Blocked.addSubnet(net, prefix, 'ipv6');

/**
 * True when `ip` (an IPv4 or IPv6 literal; brackets and an IPv6 zone are
 * tolerated) is a public, globally routable unicast address. Anything that is
 * not an IP address at all is not public.
 */
export function isPublicAddress(ip: string): boolean {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  // A zone only makes sense on link-local addresses, which are refused anyway.
  if (zone !== -1) text = text.slice(0, zone);

  const version = isIP(text);
  if (version === 4) return isPublicV4(text);
  if (version === 6) return isPublicV6(text);
  return false;
}

function isPublicV4(ip: string): boolean {
  return !v4Blocked.check(ip, 'ipv4');
}

function isPublicV6(ip: string): boolean {
  const bytes = parseIPv6(ip);
  if (!bytes) return false;

  // ::ffff:a.b.c.d (IPv4-mapped): the connection goes to the IPv4 address.
  if (isZero(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return isPublicV4(v4At(bytes, 12));
  // 64:ff9b::a.b.c.d (well-known NAT64 prefix): a translator connects to the IPv4 address.
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && isZero(bytes, 4, 12)) {
    return isPublicV4(v4At(bytes, 12));
  }
  // Everything else outside 2000::/3 — ::, ::1, IPv4-compatible ::a.b.c.d, local-use
  // NAT64 64:ff9b:1::/48, discard 100::/64, ULA fc00::/7, link-local fe80::/10,
  // site-local fec0::/10, multicast ff00::/8, unassigned space — is not public.
  if (!v6Global.check(ip, 'ipv6')) return false;
  // 2002:AABB:CCDD::/48 (6to4): the traffic is relayed to the IPv4 address AA.BB.CC.DD.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return isPublicV4(v4At(bytes, 2));
  return !v6Blocked.check(ip, 'ipv6');
}

function isZero(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (bytes[i] !== 0) return false;
  return true;
}

function v4At(bytes: Uint8Array, at: number): string {
  return `${bytes[at]}.${bytes[at + 1]}.${bytes[at + 2]}.${bytes[at + 3]}`;
}

/** The 16 bytes of an IPv6 literal (no brackets or zone), or null when it is not one. */
export function parseIPv6(ip: string): Uint8Array | null {
  let text = ip;
  // A trailing dotted IPv4 part stands for the last two groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (isIP(tail) !== 4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }

  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0] ?? '');
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : [];
  let groups: string[];
  if (halves.length === 2) {
    const fill = 8 - head.length - rest.length;
    if (fill < 1) return null;
    groups = [...head, ...new Array<string>(fill).fill('0'), ...rest];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return null;

  const bytes = new Uint8Array(16);
  for (let i = 0; i < 8; i++) {
    const g = groups[i] ?? '';
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const n = Number.parseInt(g, 16);
    bytes[i * 2] = n >> 8;
    bytes[i * 2 + 1] = n & 0xff;
  }
  return bytes;
}

/**
 * One spelling per address, to compare addresses written differently
 * (`::ffff:127.0.0.1`, `::ffff:7f00:1` and `127.0.0.1`; `0:0::1` and `::1`).
 * IPv4 and IPv4-mapped IPv6 become dotted IPv4; other IPv6 becomes 32 hex
 * digits; anything else is returned as given.
 */
export function canonicalAddress(ip: string): string {
  const version = isIP(ip);
  if (version === 6) {
    const bytes = parseIPv6(ip);
    if (bytes) {
      if (isZero(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4At(bytes, 12);
      return Buffer.from(bytes).toString('hex');
    }
  }
  return ip;
}
