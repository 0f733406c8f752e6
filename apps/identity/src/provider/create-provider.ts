import type { Provider } from 'oidc-provider';
import { recordEndedSessions } from '../storage/ended-sessions.ts';
import { loadOidcProvider } from './oidc-provider-module.ts';
import { type ProviderSetup, providerConfiguration } from './provider-configuration.ts';
import { signInPolicy } from './sign-in-policy.ts';

export interface CreateProviderOptions extends ProviderSetup {
  issuer: string;
  trustProxy: boolean;
}

/** An OpenID Provider for one tenant on one issuer (node-oidc-provider example/standalone.js). */
export async function createProvider({
  issuer,
  trustProxy,
  ...setup
}: CreateProviderOptions): Promise<Provider> {
  const { Provider, interactionPolicy } = await loadOidcProvider();
  const configuration = providerConfiguration(setup);
  const provider = new Provider(issuer, {
    ...configuration,
    interactions: { ...(configuration.interactions as object), policy: signInPolicy(interactionPolicy) },
  });
  provider.proxy = trustProxy;
  // The provider's own sign-out (`/oauth2/logout`, confirmed) ends the session as `/app/logout/`
  // does: its access tokens are refused from then on (storage/ended-sessions.ts).
  provider.use(async (ctx, next) => {
    await next();
    const session = ctx.oidc?.session;
    if (ctx.oidc?.route === 'end_session_confirm' && session?.destroyed && session.accountId && session.uid)
      await recordEndedSessions(setup.db, session.accountId, [session.uid]);
  });
  return provider;
}
