import type { IncomingMessage, ServerResponse } from 'node:http';
import { tenants } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isUnder, pathOf } from '../routing/paths.ts';

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

/** The deployed API and identity hosts of every tenant, which the portal calls from its own host. */
export function tenantApiOrigins(): string[] {
  const origins = new Set<string>();
  for (const tenant of Object.values(tenants)) {
    for (const envConfig of Object.values(tenant.envConfig)) {
      if (!envConfig) continue;
      for (const url of [
        envConfig.api.hostUrl,
        envConfig.api.secondaryHostUrl,
        envConfig.fusionAuth?.serverUrl,
      ]) {
        if (url && URL.canParse(url)) origins.add(new URL(url).origin);
      }
    }
  }
  return [...origins].sort();
}

/**
 * The Content-Security-Policy of every page the platform serves (the portal, the gallery, the API
 * documentation; identity pages send a stricter one of their own). Scripts only from this origin
 * and the named third parties — never inline, never eval. Inline styles stay allowed: the portal's
 * splash screen and the UI kit's positioning (Radix) write style elements and attributes.
 */
export function contentSecurityPolicy(production: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...thirdPartyScriptOrigins],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...tenantApiOrigins(), ...thirdPartyConnectOrigins],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every response, pages, API data and errors alike (issue 10): CSP, HSTS in
 * production, nosniff, no framing, no referrer, and `Cache-Control: no-store` on API answers that
 * set no caching of their own. Registered before every other hook, so even a request refused by
 * the first check carries them. Nothing in them varies by request (no nonces): helmet writes them
 * once, at start, and each response gets the same set (@fastify/helmet built them again for every
 * request, 3 % of the platform's time per API read; docs/benchmarks.md).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const production = app.config.nodeEnv === 'production';
  const headers = Object.entries(
    headersOf({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(production) },
      // Browsers remember HSTS for the whole host: only a production server (behind TLS) may ask for it.
      strictTransportSecurity: production ? { maxAge: 63_072_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      // The portal may show images from its tenant's API host (same site, another origin).
      crossOriginResourcePolicy: { policy: 'same-site' },
      // Sign-in popups are not used; a window opened by another site gets no handle on ours.
      crossOriginOpenerPolicy: { policy: 'same-origin' },
    }),
  );
  // On the raw response, as helmet does: the identity service answers some routes itself (hijacked).
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const path = pathOf(request.url);
    if (!reply.hasHeader('cache-control') && noStorePrefixes.some((prefix) => isUnder(path, prefix))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

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
