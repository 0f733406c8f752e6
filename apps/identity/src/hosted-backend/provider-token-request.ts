import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface ProviderAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Calls the provider's token or revocation endpoint in process (Fastify's inject: no socket, no
 * call out to our own public address), on the same host, so it reaches the same issuer.
 */
export async function providerTokenRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  endpoint: '/oauth2/token' | '/oauth2/revoke',
  form: Record<string, string>,
): Promise<ProviderAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: endpoint,
    // From the address the request came from, so that the forwarded headers below are believed
    // exactly when the request's own were (a trusted proxy's): the provider is handed what the
    // app believes (serve-provider.ts), the browser's HTTPS included.
    remoteAddress: request.socket.remoteAddress,
    headers: {
      host: request.host,
      'x-forwarded-host': request.host,
      // Undefined once the browser's socket has gone (light-my-request refuses an undefined header).
      'x-forwarded-proto': request.protocol ?? 'http',
      ...(request.ip && { 'x-forwarded-for': request.ip }),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(form).toString(),
  });
  const body = response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {};
  return { status: response.statusCode, body };
}
