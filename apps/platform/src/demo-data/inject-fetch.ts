import type { FastifyInstance } from 'fastify';

/**
 * A `fetch` that goes through `app.inject`, so the SDK can be tested against the real server and
 * database without opening a port.
 */
export function injectFetch(app: FastifyInstance, host: string): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, host },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const status = response.statusCode;
    // A copy into a plain Uint8Array: a BodyInit under both Node's and the DOM's type definitions.
    return new Response(status === 204 ? null : new Uint8Array(response.rawPayload), {
      status,
      headers: response.headers as Record<string, string>,
    });
  }) as typeof fetch;
}
