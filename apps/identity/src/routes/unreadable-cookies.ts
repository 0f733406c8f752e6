import type { FastifyRequest } from 'fastify';

/**
 * Drops the cookies whose value, once decoded, holds a NUL character: the identity never sets
 * one, and PostgreSQL's text cannot hold one, so looking such a session or refresh token up failed
 * the request with a 500 (a sign-out that could then never clear its cookies; before 2026-12-02).
 * Read as absent, the request goes on as for a browser without them. oidc-provider reads the raw
 * `Cookie` header itself, so the pair goes from that too. A request whose header holds no `%00`
 * (every browser's, in practice) costs one string search.
 */
export function dropUnreadableCookies(request: FastifyRequest): void {
  const header = request.raw.headers.cookie;
  if (typeof header !== 'string' || !header.includes('%00')) return;
  const dropped = new Set<string>();
  for (const [name, value] of Object.entries(request.cookies)) {
    if (value?.includes('\u0000')) {
      dropped.add(name);
      delete request.cookies[name];
    }
  }
  if (dropped.size === 0) return;
  request.raw.headers.cookie = header
    .split(';')
    .filter((pair) => !dropped.has(pair.slice(0, pair.indexOf('=')).trim()))
    .join(';');
}
