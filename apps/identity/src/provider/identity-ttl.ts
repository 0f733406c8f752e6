/** Lifetimes in seconds. Access tokens are short: the portal refreshes them 10 s before expiry (spec §4). */
export const accessTokenTtl = 15 * 60;
export const refreshTokenTtl = 30 * 24 * 60 * 60;

export const identityTtl = {
  AccessToken: accessTokenTtl,
  AuthorizationCode: 60,
  IdToken: accessTokenTtl,
  Interaction: 60 * 60,
  // A rotated refresh token keeps what was left of the first one's lifetime, so a stolen one cannot live forever.
  RefreshToken: (ctx: { oidc?: { entities?: { RotatedRefreshToken?: { remainingTTL: number } } } }) =>
    ctx?.oidc?.entities?.RotatedRefreshToken?.remainingTTL ?? refreshTokenTtl,
  Session: 14 * 24 * 60 * 60,
  Grant: refreshTokenTtl,
};
