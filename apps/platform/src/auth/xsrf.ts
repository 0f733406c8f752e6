import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sharedCookieDomainOf } from '@waratah/tenants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { isUnder, pathOf } from '../routing/paths.ts';

export const xsrfCookie = 'XSRF-TOKEN';
export const xsrfHeader = 'x-xsrf-token';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit protection for cookie-authenticated API calls (DESIGN §3): the platform hands out a
 * random, script-readable `XSRF-TOKEN` cookie, and an unsafe request authenticated by the SSO
 * cookie must echo it in `X-XSRF-TOKEN` — which a page on another site cannot read, so cannot send.
 * Runs after the authenticate hook; bearer-token requests are not cookie-borne and need no echo.
 */
export function registerXsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isUnder(pathOf(request.url), '/api')) return;
    const cookie = request.cookies[xsrfCookie];
    // A bearer-token caller never needs the token (nothing it sends is cookie-borne): no cookie, and
    // no random bytes, on every one of its API calls.
    if (!cookie && request.principal?.via !== 'bearer') issueXsrfToken(request, reply);
    if (request.principal?.via !== 'sso_cookie' || !unsafeMethods.has(request.method)) return;
    if (!cookie || !matches(cookie, request.headers[xsrfHeader])) {
      // Hosted, the browser may hold a copy on the API host alone (set before the domain was),
      // which it sends first and the portal cannot read: a fresh one on the domain replaces it,
      // so the portal's next request can echo it.
      if (cookie && sharedCookieDomainOf(request.host) !== undefined) issueXsrfToken(request, reply);
      throw new AppError(
        'xsrf_token_mismatch',
        'This request must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header',
      );
    }
  });
}

/**
 * Hosted, the API host of a single sign-on environment sets it on the environment's cookie domain,
 * so that the portal's scripts on their own host can read it (`sharedCookieDomainOf`); elsewhere
 * it stays on the host that set it.
 */
function issueXsrfToken(request: FastifyRequest, reply: FastifyReply): void {
  const domain = sharedCookieDomainOf(request.host);
  const secure = request.protocol === 'https';
  if (domain !== undefined) reply.clearCookie(xsrfCookie, { path: '/', sameSite: 'lax', secure });
  reply.setCookie(xsrfCookie, randomBytes(32).toString('base64url'), {
    ...(domain !== undefined && { domain }),
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
  });
}

function matches(cookie: string, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(cookie);
  const actual = Buffer.from(header);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
