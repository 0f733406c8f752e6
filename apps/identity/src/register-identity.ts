import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account-page/account-routes.ts';
import {
  createIdentityMail,
  type IdentityJobQueue,
  registerIdentityMailJob,
} from './accounts/identity-mail.ts';
import type { RegistrationMail } from './accounts/registration-mail.ts';
import { emailVerificationRoutes } from './email-verification/email-verification-routes.ts';
import { callbackRoute } from './hosted-backend/callback-route.ts';
import { logoutRoute } from './hosted-backend/logout-route.ts';
import { sessionRoutes } from './hosted-backend/session-routes.ts';
import { startAuthorizationRoutes } from './hosted-backend/start-authorization.ts';
import type { IdentityService } from './identity-service.ts';
import { interactionRoutes } from './interactions/interaction-routes.ts';
import { passwordResetRoutes } from './password-reset/password-reset-routes.ts';
import { serveProvider } from './routes/serve-provider.ts';
import { dropUnreadableCookies } from './routes/unreadable-cookies.ts';
import { scheduleIdentityStoreSweep } from './storage/sweep-identity-store.ts';

export interface RegisterIdentityOptions {
  identity: IdentityService;
  /** Sends the e-mail a new adviser gets; default: the app's `identityRegistrationMail` decoration, if any. */
  registrationMail?: RegistrationMail;
  /**
   * A durable queue for that e-mail (the platform's `app.jobQueue`): each e-mail is then a job,
   * kept across a restart and retried when the mail server fails. Without it, the e-mail is sent in
   * this process, once (`accounts/identity-mail.ts`).
   */
  jobQueue?: IdentityJobQueue;
  /** How often expired sign-in records are deleted (`sweepIdentityStore`); default hourly. */
  sweepIntervalMs?: number;
}

/**
 * The identity service as a Fastify plugin: the OpenID Provider under `/oauth2/…`, its sign-in
 * and registration pages, the FusionAuth hosted-backend contract under `/app/…`, the forgotten-password
 * pages (`/app/forgot-password/`, `/app/reset-password/`) and the account page at `/account/`. Every route answers 404 for a tenant that does not use single sign-on.
 */
export async function registerIdentity(
  app: FastifyInstance,
  options: RegisterIdentityOptions,
): Promise<void> {
  if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  // After the cookies are parsed, before any route or the provider reads them.
  app.addHook('onRequest', async (request) => dropUnreadableCookies(request));
  await app.register(serveProvider, options);
  const registrationMail =
    options.registrationMail ??
    (app.hasDecorator('identityRegistrationMail') ? app.identityRegistrationMail : undefined);
  const mail = createIdentityMail(options.identity, registrationMail, options.jobQueue);
  if (options.jobQueue && registrationMail)
    await registerIdentityMailJob(options.jobQueue, options.identity, registrationMail);
  await app.register(interactionRoutes, { ...options, mail });
  await app.register(startAuthorizationRoutes, options);
  await app.register(callbackRoute, options);
  await app.register(sessionRoutes, options);
  await app.register(logoutRoute, options);
  await app.register(accountRoutes, options);
  await app.register(passwordResetRoutes, { ...options, mail });
  await app.register(emailVerificationRoutes, { ...options, mail });
  scheduleIdentityStoreSweep(app, options.identity.db, options.sweepIntervalMs);
}
