import { describe, expect, it } from 'vitest';
import { accessTokenTtl, identityTtl, refreshTokenTtl } from './identity-ttl.ts';

describe('identity token lifetimes', () => {
  it('defaults to 15 minutes and 30 days', () => {
    expect(accessTokenTtl({})).toBe(900);
    expect(refreshTokenTtl({})).toBe(30 * 24 * 3600);
  });

  it('takes IDENTITY_ACCESS_TOKEN_TTL_SECONDS and IDENTITY_REFRESH_TOKEN_TTL_SECONDS', () => {
    const env = { IDENTITY_ACCESS_TOKEN_TTL_SECONDS: '120', IDENTITY_REFRESH_TOKEN_TTL_SECONDS: '3600' };
    const ttl = identityTtl(env);
    expect(ttl).toMatchObject({ AccessToken: 120, IdToken: 120, Grant: 3600 });
    expect(ttl.RefreshToken({})).toBe(3600);
    expect(ttl.RefreshToken({ oidc: { entities: { RotatedRefreshToken: { remainingTTL: 42 } } } })).toBe(42);
  });

  it('refuses a value that is not a whole number in range, naming the variable', () => {
    expect(() => accessTokenTtl({ IDENTITY_ACCESS_TOKEN_TTL_SECONDS: '10' })).toThrow(
      'IDENTITY_ACCESS_TOKEN_TTL_SECONDS: must be a whole number from 60 to 86400',
    );
    expect(() => refreshTokenTtl({ IDENTITY_REFRESH_TOKEN_TTL_SECONDS: 'a week' })).toThrow(
      /^IDENTITY_REFRESH_TOKEN_TTL_SECONDS: must be a whole number/,
    );
  });
});
