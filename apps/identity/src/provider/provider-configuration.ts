import type { TenantConfig } from '@waratah/tenants';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { createAccountFinder } from '../accounts/adviser-account.ts';
import { type IdentityKeys, signingAlgorithm } from '../keys/identity-keys.ts';
import { renderProviderPage } from '../pages/render-provider-page.ts';
import { databaseAdapterFactory } from '../storage/database-adapter.ts';
import type { IdentityDb } from '../storage/identity-database.ts';
import { grantFirstPartyConsent } from './grant-first-party-consent.ts';
import { identityTtl } from './identity-ttl.ts';
import { createResourceIndicators } from './resource-indicators.ts';

export interface ProviderSetup {
  db: IdentityDb;
  tenant: TenantConfig;
  clientId: string;
  /**
   * This provider's own origin first (where the hosted backend's callback answers), then the
   * tenant's portal origins (where a sign-out may return).
   */
  origins: string[];
  keys: IdentityKeys;
  /** The platform API's audience: every access token is a JWT for it. */
  audience: string;
}

/** Scope → the claims it releases (userinfo and, with conformIdTokenClaims off, the ID token). */
const claims = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name', 'preferred_username'],
  adviser: ['roles'],
};

/**
 * Who may revoke a token (RFC 7009 §2.1): only the client it was issued to. The tenant's portal is
 * the provider's only client and a public one, so a token of any other client is left alone and
 * answered as if revoked, with nothing learnt from it.
 */
export function revocationAllowed(
  _ctx: unknown,
  client: { clientId: string },
  token: { clientId?: string },
): boolean {
  return token.clientId === client.clientId;
}

/** The one configuration module of the provider (node-oidc-provider example/support/configuration.js). */
export function providerConfiguration(setup: ProviderSetup): Configuration {
  const { db, tenant, clientId, origins, keys, audience } = setup;
  return {
    adapter: databaseAdapterFactory(db),
    clients: [
      {
        client_id: clientId,
        client_name: `${tenant.name} Adviser Portal`,
        application_type: 'web',
        // A public client: the browser-facing hosted backend holds no secret, PKCE protects the code.
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        id_token_signed_response_alg: signingAlgorithm,
        // Only the hosted backend's own callback on this provider's origin (`origins[0]`), which
        // exchanges the code itself and sends the browser on to the portal without it. The portal's
        // pages were registered too (before 2026-12-01): a crafted authorize URL could then deliver
        // a signed-in adviser's code to a portal page, whose third-party scripts may record its URL.
        redirect_uris: [`${origins[0]}/app/callback/`],
        post_logout_redirect_uris: origins.flatMap((origin) => [`${origin}/`, `${origin}/auth-callback`]),
      },
    ],
    clientBasedCORS: (_ctx: unknown, origin: string) => origins.includes(origin),
    claims,
    scopes: Object.keys(claims).concat('offline_access'),
    conformIdTokenClaims: false,
    cookies: {
      keys: keys.cookie,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    jwks: { keys: keys.signing },
    extraParams: ['screen_hint'],
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: createResourceIndicators(audience),
      revocation: { enabled: true, allowedPolicy: revocationAllowed },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) =>
          renderProviderPage(ctx, { tenant, origins }, { kind: 'logout', form }),
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) =>
          renderProviderPage(ctx, { tenant, origins }, { kind: 'signed-out' }),
      },
    },
    // `sid`: the session the token was issued under, so that a token of a session since ended (signed
    // out, or ended by a password change) is refused before it expires (storage/ended-sessions.ts).
    extraTokenClaims: async (
      _ctx: unknown,
      token: { accountId?: string; kind?: string; sessionUid?: string },
    ) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await createAccountFinder(db, tenant.id)(undefined, token.accountId);
      const claimSet = account && (await account.claims('userinfo', 'adviser'));
      if (!claimSet) return undefined;
      return {
        roles: claimSet.roles,
        tenant: tenant.id,
        ...(token.sessionUid ? { sid: token.sessionUid } : {}),
      };
    },
    findAccount: createAccountFinder(db, tenant.id),
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/oauth2/interaction/${interaction.uid}`,
    },
    loadExistingGrant: (ctx: KoaContextWithOIDC) => grantFirstPartyConsent(ctx, audience),
    renderError: (ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) =>
      renderProviderPage(ctx, { tenant, origins }, { kind: 'error', ...out }),
    routes: {
      authorization: '/authorize',
      end_session: '/logout',
      jwks: '/jwks',
      revocation: '/revoke',
      token: '/token',
      userinfo: '/userinfo',
    },
    ttl: identityTtl(),
  };
}
