import {
  type PageLocation,
  type ResolvedTenant,
  resolveIdentityHost,
  sharedCookieDomainOf,
  type TenantConfig,
} from '@waratah/tenants';
import type { JSONWebKeySet } from 'jose';
import type { Kysely } from 'kysely';
import type { Provider } from 'oidc-provider';
import type { PasswordRefusal } from './accounts/password-rules.ts';
import type { RegistrationGuard, SignInGuard } from './accounts/sign-in-guard.ts';
import { type IdentityKeys, loadIdentityKeys, publicJwks } from './keys/identity-keys.ts';
import { createProvider } from './provider/create-provider.ts';
import { loadOidcProvider } from './provider/oidc-provider-module.ts';
import { isHostHeader } from './routes/host-header.ts';
import type { IdentityDatabase, IdentityDb } from './storage/identity-database.ts';

/** The audience of every access token the identity issues: the platform API (a resource indicator). */
export const platformApiAudience = 'urn:waratah:platform-api';

export interface IdentityOptions<DB extends IdentityDatabase = IdentityDatabase> {
  /** The platform's database (Kysely); the identity keeps its state in the tables of migration 0004. */
  db: Kysely<DB>;
  /**
   * Host → tenant and environment, or undefined for a host no tenant configured; defaults to the
   * tenants package's `resolveIdentityHost` (spec §1, and the identity servers' own hosts).
   */
  tenants?: (location: PageLocation) => ResolvedTenant | undefined;
  /** A fixed issuer, for an identity on a host of its own; by default the request's origin + '/oauth2'. */
  issuer?: string;
  audience?: string;
  /** Whether X-Forwarded-Proto and -Host are believed (the Fastify `trustProxy` of the mounting app). */
  trustProxy?: boolean;
  /**
   * Whether a local host (`localhost`, `*.localhost`, a loopback address) reaches the identity of
   * the tenant it names; default true. A production server passes false (the platform's
   * `localHostsServed`): `*.localhost` is a name anyone may put in a Host header, and the identity
   * builds its links, e-mailed ones included, from the request's origin.
   */
  localHosts?: boolean;
  /** Brute-force limits on the sign-in form; without one, attempts are not counted. */
  signInGuard?: SignInGuard;
  /** The limit on registrations, each an e-mail; without one, they are not counted. */
  registrationGuard?: RegistrationGuard;
  /** The host's rule on new passwords beyond spec §5 (the platform's list of common passwords). */
  refusePassword?: PasswordRefusal;
}

/** One SSO tenant as reached on one origin: its client, its provider and where the portal lives. */
export interface TenantIdentity {
  tenant: TenantConfig;
  /** The environment the request's host is of (sandbox, staging, production). */
  environment: string;
  clientId: string;
  origin: string;
  /** Origins a redirect may go to: the portal's (and the identity's own). */
  origins: string[];
  /**
   * Where the adviser's portal is, for the pages' and e-mails' links back to it: this host's own
   * origin on a local host; on a portal's domain, that domain over HTTPS; else the environment's
   * hosted domain. The sign-in server's host (e.g. `auth.waratah.com.au`) serves no portal: links
   * built from its origin led nowhere (before 2026-12-01).
   */
  portalOrigin: string;
  /**
   * Hosted, the environment's cookie domain, which the session's cookies are set on so that the
   * portal and the API hosts get them (`sharedCookieDomainOf`); undefined on a local host.
   */
  cookieDomain: string | undefined;
  provider: Provider;
}

export interface IdentityService {
  db: IdentityDb;
  signInGuard: SignInGuard | undefined;
  registrationGuard: RegistrationGuard | undefined;
  refusePassword: PasswordRefusal | undefined;
  audience: string;
  issuerFor(location: Required<PageLocation>): string;
  /** The SSO tenant a request reaches, or undefined when its tenant signs in with passwords. */
  tenantIdentity(location: Required<PageLocation>): Promise<TenantIdentity | undefined>;
  /** The public signing keys, in process: what the platform verifies access tokens with. */
  publicJwks(): Promise<JSONWebKeySet>;
  /** Loads the OpenID provider's modules ahead of the first sign-in (see loadOidcProvider). */
  warmUp(): Promise<void>;
}

// Local hosts are open-ended (`anything.localhost`), so the providers built for them are capped.
const MAX_PROVIDERS = 32;

export function createIdentityService<DB extends IdentityDatabase>(
  options: IdentityOptions<DB>,
): IdentityService {
  const {
    tenants = resolveIdentityHost,
    audience = platformApiAudience,
    trustProxy = false,
    localHosts = true,
  } = options;
  // The platform's schema holds every table and column the identity's does (DB extends it), so
  // the identity may see the database through its own, narrower schema.
  const db = options.db as unknown as IdentityDb;
  const providers = new Map<string, Promise<Provider>>();
  let keys: Promise<IdentityKeys> | undefined;

  // Memoised once it succeeds; a failure (say, before the schema is migrated) is retried next time.
  function identityKeys(): Promise<IdentityKeys> {
    keys ??= loadIdentityKeys(db).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  }

  const issuerFor = (location: Required<PageLocation>) =>
    options.issuer ?? `${location.protocol.replace(/:$/, '')}://${location.host}/oauth2`;

  return {
    db,
    signInGuard: options.signInGuard,
    registrationGuard: options.registrationGuard,
    refusePassword: options.refusePassword,
    audience,
    issuerFor,
    async tenantIdentity(location) {
      // A host nobody configured reaches no identity: its pages, links and e-mailed links are all
      // built from the request's origin, and a reset link to an attacker's host would hand over
      // the token (before 2026-11-29 such a host reached the default tenant's identity). So does a
      // local host where they are not taken (production; before 2026-12-04 `Host:
      // waratah.localhost` reached waratah's identity there, and its e-mails linked to that host).
      const resolved = tenants(location);
      if (!resolved || (resolved.isLocalHost && !localHosts)) return undefined;
      const fusionAuth = resolved.envConfig.fusionAuth;
      if (!fusionAuth?.enabled) return undefined;
      // A Host header that names no host (a space, `?`, a control character) reaches no tenant's
      // identity, and no provider is built for it.
      if (!isHostHeader(location.host)) return undefined;
      const issuer = issuerFor(location);
      const origin = new URL(issuer).origin;
      const origins = resolved.isLocalHost
        ? [origin]
        : [
            ...new Set([
              origin,
              `https://${resolved.envConfig.hostedDomain}`,
              `https://${resolved.envConfig.secondaryHostedDomain}`,
            ]),
          ];
      // A portal's host links to itself (over HTTPS, on the default port, as hosted portals are
      // served: the configured domain, not the port the Host header named); any other host, the
      // sign-in server's, to the environment's portal.
      const portalHosts = [resolved.envConfig.hostedDomain, resolved.envConfig.secondaryHostedDomain].map(
        (host) => host.toLowerCase(),
      );
      const here = new URL(origin).hostname;
      const portalOrigin = resolved.isLocalHost
        ? origin
        : `https://${portalHosts.find((host) => host === here) ?? resolved.envConfig.hostedDomain}`;
      const key = `${resolved.tenant.id} ${issuer}`;
      let provider = providers.get(key);
      if (!provider) {
        if (providers.size >= MAX_PROVIDERS) providers.delete(providers.keys().next().value as string);
        provider = identityKeys().then((loaded) =>
          createProvider({
            issuer,
            trustProxy,
            db,
            tenant: resolved.tenant,
            clientId: fusionAuth.clientId,
            origins,
            keys: loaded,
            audience,
          }),
        );
        providers.set(key, provider);
        provider.catch(() => providers.delete(key));
      }
      return {
        tenant: resolved.tenant,
        environment: resolved.environment,
        clientId: fusionAuth.clientId,
        origin,
        origins,
        portalOrigin,
        cookieDomain: sharedCookieDomainOf(location.host),
        provider: await provider,
      };
    },
    publicJwks: async () => publicJwks(await identityKeys()),
    warmUp: async () => {
      await loadOidcProvider();
    },
  };
}
