import type * as OidcProvider from 'oidc-provider';

let loading: Promise<typeof OidcProvider> | undefined;

/**
 * oidc-provider, with Koa and the rest of its some 190 modules, is imported when a provider is
 * first needed or warmed up (`IdentityService.warmUp`), not at start-up: importing it took about
 * 240 ms of a restart (docs/benchmarks.md, "The OpenID provider after readiness"). The platform
 * warms it up once its database is ready. Once loaded, every caller shares the module.
 */
export function loadOidcProvider(): Promise<typeof OidcProvider> {
  loading ??= import('oidc-provider');
  return loading;
}
