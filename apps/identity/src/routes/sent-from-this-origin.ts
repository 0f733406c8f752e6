import type { FastifyRequest } from 'fastify';

/** The page a form sent from elsewhere gets (403). */
export const foreignFormMessage = 'This form can only be sent from this site.';

/**
 * Whether a form was sent by a page of this origin (the sign-in and registration forms', the
 * account page's, the password-reset pages'). The cookies are SameSite=Lax, which lets another tenant's host (the same site:
 * `moneypartner.localhost` beside `waratah.localhost`) send them, so the browser's word on where
 * the form came from decides: `Sec-Fetch-Site` where it is sent (every current browser, on HTTPS
 * and localhost), else the `Origin`. The identity's pages are sent with
 * `Referrer-Policy: no-referrer`, under which a browser posts `Origin: null` even to the page's own
 * origin, so `null` is taken only when `Sec-Fetch-Site` vouches for it. A request with neither
 * header comes from no browser, and carries no cookie a browser holds.
 */
export function sentFromThisOrigin(request: FastifyRequest, origin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const sentFrom = request.headers.origin;
  return sentFrom === undefined || sentFrom === origin;
}
