import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address-key.ts';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address, also when written as IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:85a3:42::/64';
    for (const ip of [
      '2001:db8:85a3:42::1',
      '2001:0db8:85a3:0042:ffff:ffff:ffff:ffff',
      '2001:DB8:85A3:42:1:2:3:4',
      '2001:db8:85a3:42:0:0:c000:201',
      '2001:db8:85a3:42::192.0.2.1',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:85a3:42::9'),
    ])
      expect(clientAddressKey(ip), ip).toBe(key);
    expect(clientAddressKey('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything else as it came (a test’s made-up address)', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
