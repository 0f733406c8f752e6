import {
  defaultTenantId,
  type EnvConfig,
  type Environment,
  type TenantConfig,
  type TenantId,
  tenantIds,
} from './tenant-config.ts';
import { getTenant, isTenantId, tenants } from './tenants.ts';

/** The parts of `window.location` the resolution reads; `protocol` as in `location.protocol`. */
export interface PageLocation {
  host: string;
  protocol?: string;
}

export interface ResolvedTenant {
  tenant: TenantConfig;
  environment: Environment;
  /** On a local host, a copy whose API and auth-server URLs are the page's own origin. */
  envConfig: EnvConfig;
  apiBaseUrl: string;
  isLocalHost: boolean;
  isSecondaryDomain: boolean;
  /** False when the host was neither local nor a configured domain, so the default was used. */
  matched: boolean;
}

// A real host is at most 253 characters plus a port; checking first keeps the regexes cheap.
const MAX_HOST_LENGTH = 260;
const DNS_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const HOST_AND_PORT = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/;
const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);
// A local host counts as production; a tenant without production (labs) falls back down this list (DESIGN §2).
const ENVIRONMENT_PREFERENCE: readonly Environment[] = ['production', 'staging', 'sandbox'];

export function isLocalHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return LOCAL_HOSTNAMES.has(name) || (name.endsWith('.localhost') && DNS_NAME.test(name));
}

/** Picks the tenant and environment for the host the page is served on (spec §1); never throws. */
export function resolveTenant(location: PageLocation): ResolvedTenant {
  const parsed = parseHost(location.host);
  if (!parsed) return unmatched();

  if (isLocalHost(parsed.hostname)) {
    const port = parsed.port ? `:${parsed.port}` : '';
    return resolveLocal(
      parsed.hostname,
      `${normaliseProtocol(location.protocol)}//${parsed.hostname}${port}`,
    );
  }

  for (const [tenant, environment, envConfig] of everyEnvironment()) {
    const secondary = envConfig.secondaryHostedDomain.toLowerCase() === parsed.hostname;
    if (envConfig.hostedDomain.toLowerCase() !== parsed.hostname && !secondary) continue;
    return hosted(tenant, environment, envConfig, { secondary });
  }
  return unmatched();
}

/**
 * The tenant whose identity service (single sign-on) a host may serve: a host the tenant
 * resolution claims (a local host, a portal's domain or its secondary) or the host of a configured
 * identity server (`fusionAuth.serverUrl`, e.g. `auth.waratah.com.au`, in its own environment).
 * Undefined for any other host: the identity builds its links, e-mailed ones included, from the
 * request's origin, so a host nobody configured must reach no identity at all.
 */
export function resolveIdentityHost(location: PageLocation): ResolvedTenant | undefined {
  const resolved = resolveTenant(location);
  if (resolved.matched) return resolved;
  const parsed = parseHost(location.host);
  if (!parsed) return undefined;
  for (const [tenant, environment, envConfig] of everyEnvironment()) {
    const server = envConfig.fusionAuth?.serverUrl;
    if (server && new URL(server).hostname.toLowerCase() === parsed.hostname)
      return hosted(tenant, environment, envConfig);
  }
  return undefined;
}

/**
 * The tenant environment whose hosted API host `host` is: its `api.hostUrl` (the secondary one for
 * its `secondaryHostUrl`, `isSecondaryDomain` set). Undefined for any other host, a local host and a
 * portal's domain included. `resolveTenant` leaves an API host unmatched, as no page is served
 * there; a request to the API on one is still its environment's (the platform's request tenancy).
 * The answer is shared, so it is not to be changed.
 */
export function resolveApiHost(host: string): ResolvedTenant | undefined {
  const parsed = parseHost(host);
  return parsed && apiHostTenants().get(parsed.hostname);
}

/**
 * The origin of the portal whose pages call the API on `host` across origins: for a hosted API host
 * (an environment's `api.hostUrl`), that environment's hosted domain over HTTPS; for its
 * `secondaryHostUrl`, the secondary hosted domain. Undefined for any other host: a local host
 * serves its pages and its API on one origin, and no other page may call the API with credentials.
 */
export function portalOriginOfApiHost(host: string): string | undefined {
  const parsed = parseHost(host);
  return parsed && apiHostPortals().get(parsed.hostname);
}

/**
 * The domain a hosted host of a single sign-on environment sets the session's cookies on (its
 * `cookieDomain`): the portal's hosts, the API's and the sign-in server's. Undefined for a local host
 * (one origin serves all three, so host-only cookies reach them), for a password tenant's host
 * (whose refresh token cookie is read by its API host alone) and for any other host.
 */
export function sharedCookieDomainOf(host: string): string | undefined {
  const parsed = parseHost(host);
  return parsed && cookieDomainHosts().get(parsed.hostname);
}

/** Every host of an environment, as configured: its portal's, its API's and its sign-in server's. */
export function hostsOf(envConfig: EnvConfig): string[] {
  const urls = [envConfig.api.hostUrl, envConfig.api.secondaryHostUrl, envConfig.fusionAuth?.serverUrl ?? ''];
  return [
    envConfig.hostedDomain.toLowerCase(),
    envConfig.secondaryHostedDomain.toLowerCase(),
    ...urls.filter((url) => URL.canParse(url)).map((url) => new URL(url).hostname.toLowerCase()),
  ];
}

/** Where an environment's identity issues its tokens: its sign-in server's host and protocol. */
export interface SignInServer {
  tenantId: TenantId;
  host: string;
  protocol: string;
}

/**
 * The sign-in server (`fusionAuth.serverUrl`) of the environment that configures `host` (as its
 * portal's, its API's or the server's own host). Undefined for a local host and any other host.
 */
export function signInServerOf(host: string): SignInServer | undefined {
  const parsed = parseHost(host);
  return parsed && signInServerHosts().get(parsed.hostname);
}

let signInServerMap: Map<string, SignInServer> | undefined;

function signInServerHosts(): Map<string, SignInServer> {
  if (signInServerMap) return signInServerMap;
  signInServerMap = new Map();
  for (const [tenant, , envConfig] of everyEnvironment()) {
    const server = envConfig.fusionAuth?.serverUrl;
    if (!server || !URL.canParse(server)) continue;
    const { host, protocol } = new URL(server);
    for (const name of hostsOf(envConfig)) signInServerMap.set(name, { tenantId: tenant.id, host, protocol });
  }
  return signInServerMap;
}

let cookieDomainMap: Map<string, string> | undefined;

function cookieDomainHosts(): Map<string, string> {
  if (cookieDomainMap) return cookieDomainMap;
  cookieDomainMap = new Map();
  for (const [, , envConfig] of everyEnvironment()) {
    const domain = envConfig.cookieDomain?.toLowerCase();
    if (!domain || !envConfig.fusionAuth?.enabled) continue;
    for (const host of hostsOf(envConfig)) {
      if (host === domain || host.endsWith(`.${domain}`)) cookieDomainMap.set(host, domain);
    }
  }
  return cookieDomainMap;
}

let apiHostTenantMap: Map<string, ResolvedTenant> | undefined;

// The first environment to configure a host keeps it, as in `resolveTenant`'s search.
function apiHostTenants(): Map<string, ResolvedTenant> {
  if (apiHostTenantMap) return apiHostTenantMap;
  apiHostTenantMap = new Map();
  for (const [tenant, environment, envConfig] of everyEnvironment()) {
    for (const [apiUrl, secondary] of [
      [envConfig.api.hostUrl, false],
      [envConfig.api.secondaryHostUrl, true],
    ] as const) {
      if (!URL.canParse(apiUrl)) continue;
      const hostname = new URL(apiUrl).hostname.toLowerCase();
      if (!apiHostTenantMap.has(hostname))
        apiHostTenantMap.set(hostname, hosted(tenant, environment, envConfig, { secondary }));
    }
  }
  return apiHostTenantMap;
}

let apiHostPortalMap: Map<string, string> | undefined;

function apiHostPortals(): Map<string, string> {
  if (apiHostPortalMap) return apiHostPortalMap;
  apiHostPortalMap = new Map();
  for (const [, , envConfig] of everyEnvironment()) {
    for (const [apiUrl, portalDomain] of [
      [envConfig.api.hostUrl, envConfig.hostedDomain],
      [envConfig.api.secondaryHostUrl, envConfig.secondaryHostedDomain],
    ] as const) {
      if (URL.canParse(apiUrl))
        apiHostPortalMap.set(new URL(apiUrl).hostname.toLowerCase(), `https://${portalDomain.toLowerCase()}`);
    }
  }
  return apiHostPortalMap;
}

function parseHost(host: string): { hostname: string; port: string | undefined } | undefined {
  if (typeof host !== 'string' || host.length === 0 || host.length > MAX_HOST_LENGTH) return undefined;
  const match = HOST_AND_PORT.exec(host.toLowerCase());
  if (!match?.[1]) return undefined;
  const hostname = match[1].replace(/\.$/, '');
  const port = match[2];
  if (port !== undefined && Number(port) > 65535) return undefined;
  if (!hostname.startsWith('[') && !DNS_NAME.test(hostname)) return undefined;
  return { hostname, port };
}

function normaliseProtocol(protocol: string | undefined): 'http:' | 'https:' {
  const value = protocol?.toLowerCase().replace(/:$/, '');
  return value === 'https' ? 'https:' : 'http:';
}

function resolveLocal(hostname: string, origin: string): ResolvedTenant {
  const segment = hostname.split('.')[0] ?? '';
  const tenant = getTenant(isTenantId(segment) ? segment : defaultTenantId);
  const [environment, envConfig] = preferredEnvironment(tenant);
  return {
    tenant,
    environment,
    envConfig: withOrigin(envConfig, origin),
    apiBaseUrl: origin,
    isLocalHost: true,
    isSecondaryDomain: false,
    matched: true,
  };
}

function unmatched(): ResolvedTenant {
  const tenant = getTenant(defaultTenantId);
  const [environment, envConfig] = preferredEnvironment(tenant);
  return hosted(tenant, environment, envConfig, { matched: false });
}

/** A tenant's environment as reached on one of its hosted (not local) hosts. */
function hosted(
  tenant: TenantConfig,
  environment: Environment,
  envConfig: EnvConfig,
  { secondary = false, matched = true }: { secondary?: boolean; matched?: boolean } = {},
): ResolvedTenant {
  return {
    tenant,
    environment,
    envConfig,
    apiBaseUrl: secondary ? envConfig.api.secondaryHostUrl : envConfig.api.hostUrl,
    isLocalHost: false,
    isSecondaryDomain: secondary,
    matched,
  };
}

/** Every configured environment of every tenant, in the tenants' order. */
function* everyEnvironment(): Generator<[TenantConfig, Environment, EnvConfig]> {
  for (const id of tenantIds) {
    const tenant = tenants[id];
    for (const [environment, envConfig] of configuredEnvironments(tenant))
      yield [tenant, environment, envConfig];
  }
}

function configuredEnvironments(tenant: TenantConfig): [Environment, EnvConfig][] {
  return ENVIRONMENT_PREFERENCE.flatMap((environment) => {
    const envConfig = tenant.envConfig[environment];
    return envConfig ? [[environment, envConfig] as [Environment, EnvConfig]] : [];
  });
}

function preferredEnvironment(tenant: TenantConfig): [Environment, EnvConfig] {
  const first = configuredEnvironments(tenant)[0];
  if (!first) throw new Error(`Tenant ${tenant.id} has no environment configured`);
  return first;
}

// One local process serves the API, the identity and every tenant, so all of them live on the page's origin.
function withOrigin(envConfig: EnvConfig, origin: string): EnvConfig {
  return {
    ...envConfig,
    oauth: { ...envConfig.oauth },
    api: { hostUrl: origin, secondaryHostUrl: origin },
    ...(envConfig.fusionAuth && { fusionAuth: { ...envConfig.fusionAuth, serverUrl: origin } }),
  };
}
