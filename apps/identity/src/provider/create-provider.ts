import type { Provider } from 'oidc-provider';
import { loadOidcProvider } from './oidc-provider-module.ts';
import { type ProviderSetup, providerConfiguration } from './provider-configuration.ts';

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
  const { Provider } = await loadOidcProvider();
  const provider = new Provider(issuer, providerConfiguration(setup));
  provider.proxy = trustProxy;
  return provider;
}
