/// <reference path="./types/oidc-provider.d.ts" />
export { type IdentityJobQueue, identityMailJob } from './accounts/identity-mail.ts';
export type { PasswordRefusal } from './accounts/password-rules.ts';
export type { PasswordResetLink, RegisteredAdviser, RegistrationMail } from './accounts/registration-mail.ts';
export type { RegistrationGuard, SignInAttempt, SignInGuard } from './accounts/sign-in-guard.ts';
export { tokenCookies } from './hosted-backend/token-cookies.ts';
export {
  createIdentityService,
  type IdentityOptions,
  type IdentityService,
  platformApiAudience,
  type TenantIdentity,
} from './identity-service.ts';
export { signingAlgorithm } from './keys/identity-keys.ts';
export { type RegisterIdentityOptions, registerIdentity } from './register-identity.ts';
export { endEverySignIn } from './storage/end-other-sign-ins.ts';
export { sessionEnded } from './storage/ended-sessions.ts';
export type { IdentityDatabase, IdentityDb } from './storage/identity-database.ts';
export { type BearerTokenSubject, revokeBearerTokens } from './storage/revoke-bearer-tokens.ts';
export { spendPasswordLinks } from './storage/spend-password-links.ts';
