import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfigRepository, createAppConfigRepository } from './app-config/app-config-repository.ts';
import type { PlatformConfig } from './config/env.ts';
import type { PlatformDatabase } from './db/platform-database.ts';
import { handleError } from './errors/handle-error.ts';
import { checkApiRequest } from './plugins/check-api-request.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createReadiness, type Readiness } from './plugins/readiness.ts';
import { servePortal } from './portal/serve-portal.ts';
import { getAppConfigRoute } from './routes/config/get-app-config.ts';
import { getHealthz } from './routes/health/get-healthz.ts';
import { getReadyz } from './routes/health/get-readyz.ts';
import { createNotFoundHandler } from './routing/not-found-handler.ts';

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
}

/**
 * The whole platform as one Fastify instance, not listening (tests `inject` into it). Decorations,
 * the error and not-found handlers and the API checks sit on the root so that every route,
 * matched or not, shares them; routes and the portal come after.
 */
export async function buildApp({ config, database, portalDist = config.portalDist }: BuildAppOptions) {
  const app: FastifyInstance = Fastify({ logger: { level: config.logLevel } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('readiness', createReadiness());
  app.decorate('appConfigs', createAppConfigRepository(database.db));

  app.setErrorHandler(handleError);
  app.setNotFoundHandler(createNotFoundHandler(portalDist));
  app.addHook('onRequest', checkApiRequest);

  await registerOpenApi(app);
  await app.register(getHealthz);
  await app.register(getReadyz);
  await app.register(getAppConfigRoute, { prefix: '/api' });
  await servePortal(app, { portalDist });
  return app;
}
