import type { FastifyInstance } from 'fastify';
import { createRateLimiter, type RateLimiter } from '../rate-limit/rate-limiter.ts';
import { type AdminUserRepository, createAdminUserRepository } from './admin-users/admin-user-repository.ts';
import { type AuthSettings, defaultAuthSettings } from './auth-settings.ts';
import { registerAuthentication } from './authenticate.ts';
import { createBearerTokenResolver } from './bearer-token-resolver.ts';
import { registerPrincipalConfirmation } from './confirm-principal.ts';
import type { CredentialResolver } from './credential-resolver.ts';
import {
  createOneTimeTokenRepository,
  type OneTimeTokenRepository,
} from './one-time-tokens/one-time-token-repository.ts';
import { registerOperatorAreas } from './operator-areas.ts';
import { createTokenRepository, type TokenRepository } from './tokens/token-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authSettings: AuthSettings;
    tokens: TokenRepository;
    oneTimeTokens: OneTimeTokenRepository;
    adminUsers: AdminUserRepository;
    rateLimiter: RateLimiter;
  }
}

export interface CredentialOptions {
  /** Overrides of the default lifetimes and limits. */
  settings?: Partial<AuthSettings>;
  /** Resolvers tried after the bearer token, in order (the identity service adds the SSO cookie). */
  resolvers?: readonly CredentialResolver[];
}

/** The credential services and the authenticate hook, on the root so that every route shares them. */
export function registerCredentials(app: FastifyInstance, options: CredentialOptions = {}): void {
  // Defaults, then the AUTH_… environment variables (config/env.ts), then the caller's overrides (tests).
  const settings = { ...defaultAuthSettings, ...app.config.authSettings, ...options.settings };
  const db = app.database.db;
  const tokens = createTokenRepository(db, settings);
  app.decorate('authSettings', settings);
  app.decorate('tokens', tokens);
  app.decorate('oneTimeTokens', createOneTimeTokenRepository(db));
  app.decorate('adminUsers', createAdminUserRepository(db));
  app.decorate('rateLimiter', createRateLimiter(db));
  registerPrincipalConfirmation(app);
  registerAuthentication(app, [createBearerTokenResolver(tokens), ...(options.resolvers ?? [])]);
  registerOperatorAreas(app);
}
