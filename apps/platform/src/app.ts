import cookie from '@fastify/cookie';
import { createIdentityService, registerIdentity } from '@waratah/identity';
import Fastify, { type FastifyInstance } from 'fastify';
import { createClientAccessBatch } from './access/client-access-batch.ts';
import { createClientAnswerCache } from './access/client-answer-cache.ts';
import { type AppConfigRepository, createAppConfigRepository } from './app-config/app-config-repository.ts';
import { credentialRoutes } from './auth/credential-routes.ts';
import { type CredentialOptions, registerCredentials } from './auth/register-credentials.ts';
import { createSsoCookieResolver, ssoTokenSource } from './auth/sso-cookie-resolver.ts';
import { registerXsrfProtection } from './auth/xsrf.ts';
import { createPracticeListVersions } from './clients/practice-list-version.ts';
import type { PlatformConfig } from './config/env.ts';
import type { PlatformDatabase } from './db/platform-database.ts';
import { registerDevTools } from './dev-tools/register-dev-tools.ts';
import { handleError } from './errors/handle-error.ts';
import { armFaultPoint } from './faults/fault-point.ts';
import { registerGoalProgress } from './goals/goal-progress-job.ts';
import { registerHousekeeping } from './housekeeping/housekeeping-job.ts';
import { registerJobQueue } from './jobs/register-job-queue.ts';
import { type MailOptions, registerMail } from './mail/register-mail.ts';
import { checkApiRequest } from './plugins/check-api-request.ts';
import { registerResponseCompression } from './plugins/compress-responses.ts';
import { registerCrossOrigin } from './plugins/cross-origin.ts';
import { registerJsonBodyParser } from './plugins/json-body-parser.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createReadiness, type Readiness } from './plugins/readiness.ts';
import { requestValidatorCompiler } from './plugins/request-validator.ts';
import { createResponseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { serverOptions } from './plugins/server-options.ts';
import { whenDatabaseReady } from './plugins/when-database-ready.ts';
import { servePortal } from './portal/serve-portal.ts';
import { identityGuards } from './rate-limit/identity-guards.ts';
import { adminRoutes } from './routes/admin/users/admin-routes.ts';
import { adviserRoutes } from './routes/adviser/users/adviser-routes.ts';
import { getAppConfigRoute } from './routes/config/get-app-config.ts';
import { getHealthz } from './routes/health/get-healthz.ts';
import { getReadyz } from './routes/health/get-readyz.ts';
import { v2Routes } from './routes/v2/v2-routes.ts';
import { createNotFoundHandler } from './routing/not-found-handler.ts';
import { localHostsServed } from './tenancy/host-tenant.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: PlatformConfig;
    database: PlatformDatabase;
    readiness: Readiness;
    appConfigs: AppConfigRepository;
  }
}

export interface BuildAppOptions {
  config: PlatformConfig;
  database: PlatformDatabase;
  /** Overrides `config.portalDist` (tests point it at a fixture). */
  portalDist?: string;
  /** Token lifetimes and limits, and credential resolvers tried after the bearer token (the SSO cookie). */
  credentials?: CredentialOptions;
  /** A mailer instead of the configured SMTP server or development mailbox. */
  mail?: MailOptions;
}

/**
 * The whole platform as one Fastify instance, not listening (tests `inject` into it). Decorations,
 * the error and not-found handlers and the API checks sit on the root so that every route,
 * matched or not, shares them; routes and the portal come after.
 */
export async function buildApp({
  config,
  database,
  portalDist = config.portalDist,
  credentials,
  mail,
}: BuildAppOptions) {
  // The log, TRUST_PROXY, the request timeout and the answers to requests no route sees (server-options.ts).
  const app: FastifyInstance = Fastify(serverOptions(config));
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ check: config.responseChecks }));
  registerJsonBodyParser(app);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('readiness', createReadiness());
  // Work started once the database was ready finishes before the server closes it (server.ts).
  app.addHook('onClose', () => app.readiness.close());
  app.decorate('appConfigs', createAppConfigRepository(database.db));
  // STATEMENT_GROUPS=off: no request waits for another's statement (each is sent at once, alone).
  const grouping = config.statementGroups ? {} : { maxInFlight: Number.POSITIVE_INFINITY };
  app.decorate('clientAccess', createClientAccessBatch(database.db, grouping));
  app.decorate('practiceListVersions', createPracticeListVersions(database.db, grouping));
  app.decorate('clientAnswers', createClientAnswerCache({ maxBytes: config.answerCacheBytes }));
  // A platform-wide service: every plugin sees `app.jobQueue` and may register workers (docs/jobs.md).
  await app.register(registerJobQueue);
  // Hourly, one instance deletes what has outlived its use (ended jobs, spent links and tokens).
  await registerHousekeeping(app);
  // Every 15 minutes, one instance moves goals on from their accounts' transactions.
  await registerGoalProgress(app);
  armFaultPoint(config.faultPauseAt);

  app.setErrorHandler(handleError);
  app.setNotFoundHandler(createNotFoundHandler(portalDist));
  await registerSecurityHeaders(app);
  await registerResponseCompression(app);
  // Before the readiness check and authentication: a preflight, a 503 and a 401 carry CORS too.
  registerCrossOrigin(app);
  app.addHook('onRequest', checkApiRequest);
  await app.register(cookie);
  // The identity service of SSO tenants shares the origin and the database (DESIGN §2).
  const identity = createIdentityService({
    db: database.db,
    trustProxy: config.trustProxy !== false,
    localHosts: localHostsServed(config),
    ...identityGuards(app, database.db),
  });
  // Its OpenID provider's modules load once the database is ready, after /readyz answers: not on a
  // restart's path, and not on the first sign-in's unless it comes within their load (about 0.25 s).
  app.addHook('onReady', () =>
    whenDatabaseReady(app, 'identity: loading the OpenID provider', identity.warmUp),
  );
  const ssoCookie = createSsoCookieResolver(database.db, ssoTokenSource(config, identity));
  registerCredentials(app, { ...credentials, resolvers: [...(credentials?.resolvers ?? []), ssoCookie] });
  registerXsrfProtection(app);

  await registerOpenApi(app);
  await app.register(getHealthz);
  await app.register(getReadyz);
  await app.register(getAppConfigRoute, { prefix: '/api' });
  await app.register(v2Routes, { prefix: '/api' });
  await app.register(adviserRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });
  await registerMail(app, mail);
  await app.register(credentialRoutes);
  // Its e-mail (a welcome, a reset link) goes through the job queue: kept and retried.
  await app.register(registerIdentity, { identity, jobQueue: app.jobQueue });
  await registerDevTools(app);
  await servePortal(app, { portalDist });
  return app;
}
