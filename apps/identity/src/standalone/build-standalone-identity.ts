import Fastify, { type FastifyInstance } from 'fastify';
import { defaultAuthSettings } from '../../../platform/src/auth/auth-settings.ts';
import type { PlatformConfig } from '../../../platform/src/config/env.ts';
import type { PlatformDatabase } from '../../../platform/src/db/platform-database.ts';
import { handleError } from '../../../platform/src/errors/handle-error.ts';
import { createTableJobQueue } from '../../../platform/src/jobs/table-job-queue.ts';
import { createMailboxMailer } from '../../../platform/src/mail/mailbox-mailer.ts';
import type { Mailer } from '../../../platform/src/mail/mailer.ts';
import { identityRegistrationMail } from '../../../platform/src/mail/register-mail.ts';
import { createSmtpMailer } from '../../../platform/src/mail/smtp-mailer.ts';
import { registerSecurityHeaders } from '../../../platform/src/plugins/security-headers.ts';
import { serverOptions } from '../../../platform/src/plugins/server-options.ts';
import { identityGuards } from '../../../platform/src/rate-limit/identity-guards.ts';
import { createRateLimiter } from '../../../platform/src/rate-limit/rate-limiter.ts';
import { localHostsServed } from '../../../platform/src/tenancy/host-tenant.ts';
import { createIdentityService, type IdentityService } from '../identity-service.ts';
import { registerIdentity } from '../register-identity.ts';

export interface StandaloneIdentity {
  app: FastifyInstance;
  identity: IdentityService;
  mailer: Mailer;
}

/**
 * The identity service's own server over a migrated database (`start-identity.ts` listens with it):
 * the platform's security headers on every answer (HSTS in production), its client IP taken from a
 * trusted proxy's forwarded headers as the platform's is (`TRUST_PROXY`), its request timeout and
 * answers to unreadable requests (`plugins/server-options.ts`), and failed sign-ins,
 * registrations and e-mail counted, queued and sent exactly as the mounted identity does.
 */
export async function buildStandaloneIdentity(
  config: PlatformConfig,
  database: PlatformDatabase,
): Promise<StandaloneIdentity> {
  const authSettings = { ...defaultAuthSettings, ...config.authSettings };
  const rateLimiter = createRateLimiter(database.db);
  const mailer = config.smtpUrl
    ? createSmtpMailer({ transport: config.smtpUrl, from: config.mailFrom })
    : createMailboxMailer(database.db);
  const identity = createIdentityService({
    db: database.db,
    trustProxy: config.trustProxy !== false,
    // In production, only the hosts the tenants configure (the sign-in server's, a portal's).
    localHosts: localHostsServed(config),
    ...identityGuards({ rateLimiter, authSettings }, database.db),
  });

  // The platform's server options: behind a load balancer, its forwarded headers name the client
  // (the per-IP limits and the audit log's "from where" need the client's address, not the
  // proxy's); the request timeout; the answers to requests refused before any route.
  const app = Fastify(serverOptions(config));
  app.decorate('config', config);
  // The platform's one error handler, as the mounted identity has: a failure is the DESIGN §3
  // envelope, a 5xx's cause in the log only. Before 2026-12-03 Fastify's own answered, with the
  // cause's message ("driver has already been destroyed", a database address) in the body.
  app.setErrorHandler(handleError);
  await registerSecurityHeaders(app);
  // Its e-mail is a job in the shared `jobs` table, as the mounted identity's is: kept across a
  // restart and retried. This process works it, and so may the platform's instances (the same job).
  const jobQueue = createTableJobQueue(database.db, { log: app.log });
  app.addHook('onReady', async () => jobQueue.start());
  app.addHook('onClose', () => jobQueue.stop());
  await app.register(registerIdentity, {
    identity,
    registrationMail: identityRegistrationMail(mailer),
    jobQueue,
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  return { app, identity, mailer };
}
