import type { FastifyInstance } from 'fastify';

/**
 * For SDK contract tests: a `fetch` that goes through `app.inject` (the real server and database,
 * no port), passing any body the SDK sends — JSON text, multipart FormData or raw bytes — with the
 * content type the runtime gives it (a multipart boundary included).
 */
export function sdkContractFetch(app: FastifyInstance, host: string): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const request = new Request(url, { ...init, signal: null });
    const payload = init.body == null ? undefined : Buffer.from(await request.arrayBuffer());
    const response = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...Object.fromEntries(request.headers.entries()), host },
      ...(payload === undefined ? {} : { payload }),
    });
    const status = response.statusCode;
    return new Response(status === 204 ? null : response.rawPayload, {
      status,
      headers: response.headers as Record<string, string>,
    });
  }) as typeof fetch;
}
