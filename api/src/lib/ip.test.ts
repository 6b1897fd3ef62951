import { describe, expect, it } from 'vitest';
import { anonymizeIp } from './ip';

describe('anonymizeIp', () => {
  it('zeroes the last octet of IPv4', () => {
    expect(anonymizeIp('36.72.214.91')).toBe('36.72.214.0');
    expect(anonymizeIp('127.0.0.1')).toBe('127.0.0.0');
  });

  it('keeps only the /48 prefix of IPv6', () => {
    expect(anonymizeIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(anonymizeIp('2404:c0:1::1')).toBe('2404:c0:1::');
    expect(anonymizeIp('::1')).toBe('0:0:0::');
    expect(anonymizeIp('fe80::1%eth0')).toBe('fe80:0:0::');
  });

  it('treats IPv4-mapped IPv6 as IPv4', () => {
    expect(anonymizeIp('::ffff:103.10.66.25')).toBe('103.10.66.0');
    expect(anonymizeIp('::ffff:6768:4219')).toBe('103.104.66.0');
  });

  it('stores nothing for what is not an address', () => {
    expect(anonymizeIp('Unknown')).toBeNull();
    expect(anonymizeIp('')).toBeNull();
    expect(anonymizeIp(undefined)).toBeNull();
    expect(anonymizeIp('1.2.3.4; DROP TABLE')).toBeNull();
  });
});
