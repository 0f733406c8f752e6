/**
 * Whether a Host header names a host (RFC 9110 §7.2): a DNS name (browsers send other scripts as
 * punycode) or a bracketed IPv6 address, with an optional port. A space, `?`, `/`, `@` or a
 * Latin-1 byte is not one, and would otherwise reach the provider's issuer URL.
 */
export function isHostHeader(host: string): boolean {
  return (
    /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host) && URL.canParse(`http://${host}/`)
  );
}
