import { signingAlgorithm } from '../keys/identity-keys.ts';
import { accessTokenTtl } from './identity-ttl.ts';
import { loadOidcProvider } from './oidc-provider-module.ts';

/**
 * Every access token is issued for one resource server, the platform API, as a signed JWT: the
 * platform verifies it against the JWKS without calling back. A request naming no resource gets it.
 */
export function createResourceIndicators(audience: string) {
  return {
    enabled: true,
    defaultResource: () => audience,
    useGrantedResource: () => true,
    getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
      // The provider asking has loaded the module already.
      if (indicator !== audience) throw new (await loadOidcProvider()).errors.InvalidTarget();
      return {
        scope: 'adviser',
        audience,
        accessTokenTTL: accessTokenTtl(),
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: signingAlgorithm } },
      };
    },
  };
}
