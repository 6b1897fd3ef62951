import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.split('%')[0] ?? '';
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes its two groups.
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Tail[1].split('.').map(Number);
    text =
      text.slice(0, -v4Tail[1].length) +
      `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...new Array<number>(tail === undefined ? 0 : missing).fill(0), ...right];
}

/**
 * Anonymises an address before it is stored: IPv4 loses its last octet (a.b.c.0), IPv6 keeps
 * its first 48 bits (the site prefix) and the rest is zeroed. IPv4-mapped IPv6 addresses
 * (::ffff:a.b.c.d, what a dual-stack server reports) are treated as the IPv4 they carry.
 * Anything else is not an address and is not stored.
 */
export function anonymizeIp(address: string | null | undefined): string | null {
  if (!address) return null;
  // The first three octets: what comes before the last dot.
  if (isIPv4(address)) return `${address.slice(0, address.lastIndexOf('.'))}.0`;
  const groups = ipv6Groups(address);
  if (!groups || groups.length !== 8) return null;
  const isMappedV4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedV4) {
    const high = groups[6] ?? 0;
    return `${high >> 8}.${high & 0xff}.${(groups[7] ?? 0) >> 8}.0`;
  }
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::`;
}

/**
 * The key that limits count one client by: a whole IPv4 address (an IPv4-mapped IPv6 one
 * too), or the /64 prefix of an IPv6 address, since one subscriber owns at least a /64 and
 * could otherwise rotate through it. (The login limiter keys with express-rate-limit's
 * ipKeyGenerator instead, which groups IPv6 addresses by /56.)
 */
export function clientKey(address: string | null | undefined): string {
  if (!address) return 'unknown';
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups || groups.length !== 8) return address;
  const isMappedV4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedV4) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
