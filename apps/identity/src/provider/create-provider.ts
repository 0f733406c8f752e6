import { Provider } from 'oidc-provider';
import { type ProviderSetup, providerConfiguration } from './provider-configuration.ts';

export interface CreateProviderOptions extends ProviderSetup {
  issuer: string;
  trustProxy: boolean;
}

/** An OpenID Provider for one tenant on one issuer (node-oidc-provider example/standalone.js). */
export function createProvider({ issuer, trustProxy, ...setup }: CreateProviderOptions): Provider {
  const provider = new Provider(issuer, providerConfiguration(setup));
  provider.proxy = trustProxy;
  return provider;
}
