import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the server may connect to when it follows an address someone typed (a
 * product link, a feed): public unicast only. The ranges are IANA's special-purpose
 * registries (RFC 6890 and successors). Node's BlockList is used rather than a library: it is
 * built in, matches whole CIDR ranges, and checks an IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1, ::ffff:7f00:1) against the IPv4 ranges by itself.
 */
const IPV4_NOT_PUBLIC: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const IPV6_NOT_PUBLIC: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses through a gateway
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const notPublic = new BlockList();
for (const [network, prefix] of IPV4_NOT_PUBLIC) notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_NOT_PUBLIC) notPublic.addSubnet(network, prefix, 'ipv6');

/** True for a public unicast IP address; false for anything else, a malformed one included. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 0) return false;
  return !notPublic.check(bare, version === 4 ? 'ipv4' : 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * True for a loopback address (127.0.0.0/8, ::1, and their IPv4-mapped forms): all that
 * FETCH_ALLOW_PRIVATE lets through besides public addresses. Private networks, link-local and
 * the metadata address (169.254.169.254) stay refused even then: the tests' servers listen on
 * loopback, and nothing else is needed to test.
 */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 0) return false;
  return loopback.check(bare, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The IP address a URL's host names literally, or null when it is a name to resolve. The WHATWG
 * URL parser has already turned every IPv4 notation (2130706433, 0x7f.1, 0177.0.0.1, 127.1)
 * into dotted decimal and every IPv6 one into its canonical bracketed form.
 */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) ? bare : null;
}
