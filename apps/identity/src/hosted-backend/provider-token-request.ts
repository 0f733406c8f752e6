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
    headers: {
      host: request.host,
      'x-forwarded-proto': request.protocol,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(form).toString(),
  });
  const body = response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {};
  return { status: response.statusCode, body };
}
