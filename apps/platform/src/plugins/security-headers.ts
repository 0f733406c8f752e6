import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResolvedTenant } from '@waratah/tenants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isUnder, pathOf } from '../routing/paths.ts';
import { hostTenant } from '../tenancy/host-tenant.ts';

/**
 * Third-party scripts the portal loads at run time (lib/integrations): error reporting, product
 * analytics and in-app guidance, each only when its environment configures it.
 */
export const thirdPartyScriptOrigins = [
  'https://browser.sentry-cdn.com',
  'https://cdn.mxpnl.com',
  'https://fast.appcues.com',
] as const;

/** Where those scripts (and the portal, on a deployed API host) send data. */
export const thirdPartyConnectOrigins = [
  'https://*.sentry.io',
  'https://*.ingest.sentry.io',
  'https://api-js.mixpanel.com',
  'https://*.appcues.com',
  'wss://*.appcues.net',
] as const;

// API data and tokens: never stored by a browser or a shared cache unless a route says otherwise.
const noStorePrefixes = ['/api', '/oauth', '/oauth2'];

/** The platform's API, whose JSON answers carry the API's headers rather than a page's. */
const apiPrefix = '/api';

/**
 * What a request to the API, answered with JSON, carries: a policy that lets it load and run
 * nothing and be framed nowhere (OWASP's advice for REST answers), no sniffing, no referrer, no
 * framing, and HSTS in production. The page-only headers (the portal's connect list, the opener
 * and agent-cluster isolation, DNS prefetching, the old IE and Flash switches) would be 1.3 KB of
 * every answer that no browser reads for data.
 */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/**
 * The origins a portal served on this host calls besides its own: its environment's API hosts and
 * sign-in provider. Only its own tenant's: listing every tenant's hosts told each white-label
 * tenant's visitors who the others are. None on a local host (they are the page's own origin,
 * `'self'`) and none on a host no tenant claims (an API host serving its documentation, say).
 */
export function tenantApiOrigins(resolved: ResolvedTenant): string[] {
  if (resolved.isLocalHost || !resolved.matched) return [];
  const { envConfig } = resolved;
  const origins = new Set<string>();
  for (const url of [
    envConfig.api.hostUrl,
    envConfig.api.secondaryHostUrl,
    envConfig.fusionAuth?.serverUrl,
  ]) {
    if (url && URL.canParse(url)) origins.add(new URL(url).origin);
  }
  return [...origins].sort();
}

/**
 * The page set a host gets, by what its policy depends on: its tenant and environment, or one set
 * for every local host and one for every host no tenant claims. So there are a handful, whatever
 * Host headers callers send.
 */
function pageSetKey(resolved: ResolvedTenant): string {
  if (resolved.isLocalHost) return 'local';
  return resolved.matched ? `${resolved.tenant.id}/${resolved.environment}` : 'unclaimed';
}

/**
 * The Content-Security-Policy of every page the platform serves (the portal, the gallery, the API
 * documentation; identity pages send a stricter one of their own) on a host of `resolved`'s
 * tenant. Scripts only from this origin and the named third parties — never inline, never eval.
 * Inline styles stay allowed: the portal's splash screen and the UI kit's positioning (Radix)
 * write style elements and attributes.
 */
export function contentSecurityPolicy(
  production: boolean,
  resolved: ResolvedTenant,
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...thirdPartyScriptOrigins],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...tenantApiOrigins(resolved), ...thirdPartyConnectOrigins],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

type HeaderList = readonly (readonly [name: string, value: string])[];

/**
 * Security headers on every response, pages, API data and errors alike (issue 10): CSP, HSTS in
 * production, nosniff, no framing, no referrer, and `Cache-Control: no-store` on API answers that
 * set no caching of their own. Registered before every other hook, so even a request refused by
 * the first check carries them.
 *
 * A page's set is its tenant's (its connect list names its own hosts), built once per tenant and
 * environment (`pageSetKey`) rather than for every request (@fastify/helmet built them again for
 * every request, 3 % of the platform's time per API read; docs/benchmarks.md). A request to the
 * API gets the API's set; an answer of the API that turns out not to be JSON (its documentation
 * page, documents, images) gets the page's instead when it is sent, which names every header the
 * API's set does.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const production = app.config.nodeEnv === 'production';
  const common = commonOptions(production);
  const pageSets = new Map<string, HeaderList>();
  const pageHeaders = (request: FastifyRequest): HeaderList => {
    const resolved = hostTenant(request);
    const key = pageSetKey(resolved);
    let set = pageSets.get(key);
    if (!set) {
      set = [
        ...Object.entries(
          headersOf({
            ...common,
            contentSecurityPolicy: {
              useDefaults: false,
              directives: contentSecurityPolicy(production, resolved),
            },
            // Sign-in popups are not used; a window opened by another site gets no handle on ours.
            crossOriginOpenerPolicy: { policy: 'same-origin' },
          }),
        ),
        ['permissions-policy', permissionsPolicy],
      ];
      pageSets.set(key, set);
    }
    return set;
  };
  const apiHeaders = apiSecurityHeaders(production);

  // On the raw response, as helmet does: the identity service answers some routes itself (hijacked).
  app.addHook('onRequest', async (request, reply) => {
    const set = isUnder(pathOf(request.url), apiPrefix) ? apiHeaders : pageHeaders(request);
    for (const [name, value] of set) reply.raw.setHeader(name, value);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const path = pathOf(request.url);
    if (isUnder(path, apiPrefix)) {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type !== '' && !jsonType.test(type)) {
        for (const [name, value] of pageHeaders(request)) reply.raw.setHeader(name, value);
      }
    }
    if (!reply.hasHeader('cache-control') && noStorePrefixes.some((prefix) => isUnder(path, prefix))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/**
 * What a page may use of the browser's powerful features: none of them. The portal asks for no
 * camera, microphone, location, payment or device, so a script injected into a page (or a page of
 * another origin it frames, which its CSP forbids anyway) cannot ask either.
 */
export const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** What every answer carries, page or data. */
function commonOptions(production: boolean) {
  return {
    // Browsers remember HSTS for the whole host: only a production server (behind TLS) may ask for it.
    strictTransportSecurity: production ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // The portal may show images from its tenant's API host (same site, another origin).
    crossOriginResourcePolicy: { policy: 'same-site' },
  } satisfies HelmetOptions;
}

/**
 * The API's set (the policy that allows nothing, nosniff, no referrer, no framing, HSTS in
 * production), without `Cache-Control`: what API data carries, and what a request refused before
 * any route or hook saw it carries too (errors/transport-errors.ts).
 */
export function apiSecurityHeaders(production: boolean): HeaderList {
  return Object.entries({
    ...headersOf({
      ...commonOptions(production),
      contentSecurityPolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
      crossOriginEmbedderPolicy: false,
    }),
    'content-security-policy': apiContentSecurityPolicy,
  });
}

/** JSON, and its `+json` kinds (problem details); a parameter may follow. */
const jsonType = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** The headers helmet sets with these options, as one record (helmet sets nothing that varies). */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
