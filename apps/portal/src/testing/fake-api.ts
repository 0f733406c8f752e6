import { adviserWebPortalPlatformKey } from '@waratah/contracts';
import { buildAppConfig } from './build-app-config.ts';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

/** Handlers keyed by 'METHOD /path', e.g. 'POST /oauth/admin/token'. */
export type FakeRoutes = Record<string, FakeHandler>;

export const appConfigRoute = `GET /api/v2/config/app/${adviserWebPortalPlatformKey}`;
export const adminUserDetailsRoute = 'GET /api/admin/adminusers/details';
export const tokenRoute = 'POST /oauth/admin/token';
export const revokeRoute = 'POST /oauth/revoke';

const defaultRoutes: FakeRoutes = {
  [appConfigRoute]: () => json({ data: buildAppConfig() }),
};

/**
 * The platform as the portal's tests see it: a fetch that answers from handlers and records
 * every request; anything unhandled gets the platform's 404 envelope.
 */
export function createFakeApi(routes: FakeRoutes = {}) {
  const handlers = { ...defaultRoutes, ...routes };
  const requests: FakeRequest[] = [];

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' && init.body ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${request.url.pathname}`];
    if (handler) return handler(request);
    return json(
      { error: { error_code: 'not_found', error_type: 'not_found', error_message: 'No such path' } },
      404,
    );
  };

  return {
    fetch,
    requests,
    requestsTo: (route: string) =>
      requests.filter((request) => `${request.method} ${request.url.pathname}` === route),
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

/** The platform's 401 envelope, as any call with a dead token gets it. */
export function unauthorised(): Response {
  return json(
    {
      error: {
        error_code: 'F0100',
        error_type: 'unauthorised',
        error_message: 'The access token is not valid',
      },
    },
    401,
  );
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
