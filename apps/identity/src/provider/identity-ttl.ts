const minute = 60;
const day = 24 * 60 * minute;

/** The defaults; `IDENTITY_ACCESS_TOKEN_TTL_SECONDS` and `IDENTITY_REFRESH_TOKEN_TTL_SECONDS` override them. */
export const defaultAccessTokenTtl = 15 * minute;
export const defaultRefreshTokenTtl = 30 * day;

/**
 * A lifetime from the environment, read when a provider is built (after the mounting app checked
 * its configuration: the platform validates these variables at start-up with the others).
 */
export function lifetimeFromEnv(
  name: string,
  fallback: number,
  bounds: { min: number; max: number },
  env: NodeJS.ProcessEnv = process.env,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < bounds.min || seconds > bounds.max) {
    throw new Error(`${name}: must be a whole number from ${bounds.min} to ${bounds.max}`);
  }
  return seconds;
}

/** Lifetimes in seconds. Access tokens are short: the portal refreshes them 10 s before expiry (spec §4). */
export function accessTokenTtl(env: NodeJS.ProcessEnv = process.env): number {
  return lifetimeFromEnv(
    'IDENTITY_ACCESS_TOKEN_TTL_SECONDS',
    defaultAccessTokenTtl,
    { min: 60, max: day },
    env,
  );
}

export function refreshTokenTtl(env: NodeJS.ProcessEnv = process.env): number {
  return lifetimeFromEnv(
    'IDENTITY_REFRESH_TOKEN_TTL_SECONDS',
    defaultRefreshTokenTtl,
    { min: 5 * minute, max: 365 * day },
    env,
  );
}

export function identityTtl(env: NodeJS.ProcessEnv = process.env) {
  const access = accessTokenTtl(env);
  const refresh = refreshTokenTtl(env);
  return {
    AccessToken: access,
    AuthorizationCode: 60,
    IdToken: access,
    Interaction: 60 * 60,
    // A rotated refresh token keeps what was left of the first one's lifetime, so a stolen one cannot live forever.
    RefreshToken: (ctx: { oidc?: { entities?: { RotatedRefreshToken?: { remainingTTL: number } } } }) =>
      ctx?.oidc?.entities?.RotatedRefreshToken?.remainingTTL ?? refresh,
    Session: 14 * day,
    Grant: refresh,
  };
}
