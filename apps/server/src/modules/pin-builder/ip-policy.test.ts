import { describe, expect, it } from 'vitest';
import { canonicalAddress, isPublicAddress, parseIPv6 } from './ip-policy';

const notPublic: [string, string][] = [
  // IPv4
  ['0.0.0.0', 'unspecified / this network'],
  ['0.1.2.3', 'this network 0/8'],
  ['10.0.0.1', 'private 10/8'],
  ['10.255.255.255', 'private 10/8 (top)'],
  ['100.64.0.1', 'CGNAT 100.64/10 (bottom)'],
  ['100.127.255.254', 'CGNAT 100.64/10 (top)'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback 127/8 (top)'],
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'cloud metadata'],
  ['172.16.0.1', 'private 172.16/12 (bottom)'],
  ['172.31.255.255', 'private 172.16/12 (top)'],
  ['192.0.0.8', 'IETF protocol assignments 192.0.0/24'],
  ['192.0.2.1', 'documentation TEST-NET-1'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.0.1', 'private 192.168/16'],
  ['192.168.255.255', 'private 192.168/16 (top)'],
  ['198.18.0.1', 'benchmarking 198.18/15 (bottom)'],
  ['198.19.255.254', 'benchmarking 198.18/15 (top)'],
  ['198.51.100.7', 'documentation TEST-NET-2'],
  ['203.0.113.9', 'documentation TEST-NET-3'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast (SSDP)'],
  ['240.0.0.1', 'reserved 240/4'],
  ['255.255.255.255', 'broadcast'],
  // IPv6
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback, long form'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
  ['::ffff:10.1.2.3', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['0:0:0:0:0:ffff:192.168.1.1', 'IPv4-mapped private, long form'],
  ['::127.0.0.1', 'deprecated IPv4-compatible'],
  ['::8.8.8.8', 'deprecated IPv4-compatible (not routed)'],
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata, hex form'],
  ['64:ff9b::10.0.0.1', 'NAT64 of private'],
  ['64:ff9b:1::8.8.8.8', 'local-use NAT64 64:ff9b:1::/48'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:c0a8:101::', '6to4 of 192.168.1.1'],
  ['2002:a9fe:a9fe::1', '6to4 of metadata'],
  ['2002::', '6to4 of 0.0.0.0'],
  ['100::1', 'discard-only 100::/64'],
  ['fc00::1', 'unique local fc00::/7'],
  ['fd12:3456:789a::1', 'unique local fd00::/8'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with zone'],
  ['FE80::ABCD', 'link-local, upper case'],
  ['[::1]', 'bracketed loopback'],
  ['febf:ffff::1', 'link-local fe80::/10 (top)'],
  ['fec0::1', 'deprecated site-local'],
  ['ff02::1', 'multicast'],
  ['ff05::1:3', 'multicast (site)'],
  ['2001:db8::1', 'documentation'],
  ['2001:db8:ffff:ffff::1', 'documentation (top)'],
  ['3fff::1', 'documentation 3fff::/20'],
  ['2001::1', 'Teredo'],
  ['2001:2::1', 'benchmarking 2001:2::/48'],
  ['2001:10::1', 'ORCHID'],
  ['4000::1', 'outside global unicast 2000::/3'],
  ['::2', 'unassigned in ::/8'],
  // not addresses at all
  ['', 'empty'],
  ['localhost', 'a host name'],
  ['example.com', 'a host name'],
  ['127.1', 'shortened IPv4 (never passed to us by URL parsing, refused anyway)'],
  ['0x7f.0.0.1', 'hex IPv4'],
  ['1.2.3.4.5', 'too many parts'],
  ['256.1.1.1', 'octet out of range'],
  ['1::2::3', 'two ::'],
];

const isPublic: [string, string][] = [
  ['8.8.8.8', 'Google DNS'],
  ['1.1.1.1', 'Cloudflare DNS'],
  ['93.184.215.14', 'example.com'],
  ['9.255.255.255', 'just below 10/8'],
  ['11.0.0.0', 'just above 10/8'],
  ['100.63.255.255', 'just below CGNAT'],
  ['100.128.0.0', 'just above CGNAT'],
  ['126.255.255.255', 'just below loopback'],
  ['128.0.0.0', 'just above loopback'],
  ['169.253.255.255', 'just below link-local'],
  ['169.255.0.0', 'just above link-local'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.0', 'just above 172.16/12'],
  ['192.0.1.1', 'between 192.0.0/24 and 192.0.2/24'],
  ['192.167.255.255', 'just below 192.168/16'],
  ['192.169.0.0', 'just above 192.168/16'],
  ['198.17.255.255', 'just below benchmarking'],
  ['198.20.0.0', 'just above benchmarking'],
  ['203.0.114.1', 'just above TEST-NET-3'],
  ['223.255.255.255', 'just below multicast'],
  ['2606:4700:4700::1111', 'Cloudflare DNS v6'],
  ['2001:4860:4860::8888', 'Google DNS v6'],
  ['2A00:1450:4001:81D::200E', 'upper-case global unicast'],
  ['2a00:1450:4001:81d::200e', 'a global unicast address'],
  ['2001:200::1', 'just above 2001::/23'],
  ['2001:db9::1', 'just above 2001:db8::/32'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['::ffff:808:808', 'IPv4-mapped public, hex form'],
  ['64:ff9b::8.8.8.8', 'NAT64 of public'],
  ['64:ff9b::808:808', 'NAT64 of public, hex form'],
  ['2002:808:808::1', '6to4 of public'],
  ['[2606:4700:4700::1111]', 'bracketed, as in a URL host'],
  [' 8.8.8.8 ', 'surrounding whitespace'],
];

describe('isPublicAddress', () => {
  it.each(notPublic)('%s is not public (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(isPublic)('%s is public (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('parseIPv6', () => {
  const hex = (b: Uint8Array | null) => (b ? Buffer.from(b).toString('hex') : null);

  it.each([
    ['::', '00000000000000000000000000000000'],
    ['::1', '00000000000000000000000000000001'],
    ['1::', '00010000000000000000000000000000'],
    ['2001:db8::8a2e:370:7334', '20010db80000000000008a2e03707334'],
    ['::ffff:127.0.0.1', '00000000000000000000ffff7f000001'],
    ['64:ff9b::192.0.2.33', '0064ff9b0000000000000000c0000221'],
    ['1:2:3:4:5:6:7:8', '00010002000300040005000600070008'],
    ['1:2:3:4:5:6:1.2.3.4', '00010002000300040005000601020304'],
  ])('%s → %s', (ip, expected) => {
    expect(hex(parseIPv6(ip))).toBe(expected);
  });

  it.each(['1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '1::2::3', 'g::1', '12345::1', '1:2:3:4:5:6:7::8', '::1.2.3'])('refuses %s', (ip) => {
    expect(parseIPv6(ip)).toBeNull();
  });
});

describe('canonicalAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::ffff:7f00:1', '127.0.0.1'],
    ['::1', '00000000000000000000000000000001'],
    ['0:0:0:0:0:0:0:1', '00000000000000000000000000000001'],
    ['2001:DB8::1', '20010db8000000000000000000000001'],
    ['not-an-ip', 'not-an-ip'],
  ])('%s → %s', (ip, expected) => {
    expect(canonicalAddress(ip)).toBe(expected);
  });
});
