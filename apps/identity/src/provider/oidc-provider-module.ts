import type * as OidcProvider from 'oidc-provider';

let loading: Promise<typeof OidcProvider> | undefined;

/**
 * oidc-provider, with Koa and the rest of its some 190 modules, is imported when the first
 * single-sign-on request needs a provider, not at start-up: importing it took about 240 ms of a
 * restart (docs/benchmarks.md, "Loaded when first needed"), and a server whose first requests are
 * API calls or a password tenant's never waits for it. Once loaded, every caller shares the module.
 */
export function loadOidcProvider(): Promise<typeof OidcProvider> {
  loading ??= import('oidc-provider');
  return loading;
}
