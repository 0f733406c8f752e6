import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret: an e-mailed link's token (an invitation, a password reset
 * on the portal or at the SSO identity) and an authorization code. Whoever reads the log must not
 * be able to open someone's account with what it holds.
 */
export const secretQueryParameters = ['token', 'invitation_token', 'reset_password_token', 'code'] as const;

/** The URL as logged: each secret parameter's value replaced by `redacted`, everything else kept. */
export function redactedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = new URLSearchParams(url.slice(start + 1));
  const secret = secretQueryParameters.filter((name) => query.has(name));
  if (secret.length === 0) return url;
  for (const name of secret) query.set(name, 'redacted');
  return `${url.slice(0, start)}?${query}`;
}

/**
 * Fastify's logger options: its own request fields (method, URL, host, address and port, as
 * Fastify logs them by default) with the URL's secrets redacted. Used by the platform and by the
 * standalone identity service.
 */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
