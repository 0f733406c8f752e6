import { errors } from 'oidc-provider';
import { signingAlgorithm } from '../keys/identity-keys.ts';
import { accessTokenTtl } from './identity-ttl.ts';

/**
 * Every access token is issued for one resource server, the platform API, as a signed JWT: the
 * platform verifies it against the JWKS without calling back. A request naming no resource gets it.
 */
export function createResourceIndicators(audience: string) {
  return {
    enabled: true,
    defaultResource: () => audience,
    useGrantedResource: () => true,
    getResourceServerInfo: (_ctx: unknown, indicator: string) => {
      if (indicator !== audience) throw new errors.InvalidTarget();
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
