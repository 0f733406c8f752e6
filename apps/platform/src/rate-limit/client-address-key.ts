import { isIPv6 } from 'node:net';

/**
 * The part of a client's address a per-IP limit counts: an IPv4 address as it is, and an IPv6
 * address by its /64 network. One IPv6 subscriber is given a whole /64 (18 trillion trillion
 * addresses), so counting each address apart let a single client spread its guesses or its
 * e-mail requests over as many fresh counts as it liked. An IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`) counts as that IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const groups = expandIPv6(ip.split('%')[0] ?? ip);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  // A trailing embedded IPv4 address stands for the last two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  let text = ip;
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${ip.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    Number.parseInt(group, 16).toString(16),
  );
}
