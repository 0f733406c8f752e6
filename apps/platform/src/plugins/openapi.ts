import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import packageJson from '../../package.json' with { type: 'json' };

/**
 * The OpenAPI document, generated from the same zod contracts the routes validate with, so it
 * cannot drift from what the server does. Must be registered before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Waratah platform API',
        description:
          'End-user, adviser and admin API families of the Waratah platform. Errors: docs/errors.md.',
        version: packageJson.version,
      },
      components: { securitySchemes: { [bearerScheme]: bearerSecurityScheme } },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? withBearerSecurity(documentObject.openapiObject)
        : documentObject.swaggerObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

/** The name of the bearer scheme in `components.securitySchemes`. */
export const bearerScheme = 'bearer';

const bearerSecurityScheme = {
  type: 'http',
  scheme: 'bearer',
  description:
    'The access token of `POST /oauth/token` (a client) or `POST /oauth/admin/token` (an adviser or operator), as `Authorization: Bearer <token>` (docs/authentication.md). A single sign-on tenant’s portal sends the `app.at` cookie instead, with `X-XSRF-TOKEN` on changes.',
} as const;

/**
 * The API operations any caller may make without credentials: the public app and consent
 * configuration, and the steps of registering and of resetting a password. Every other operation
 * under /api answers 401 without a token (the authorisation matrix, security/authorisation-matrix.test.ts,
 * holds each one to it); the paths outside /api (the token endpoints, the identity's pages, the
 * health checks, the development tools) take no bearer token.
 *
 * A list, because a route does not say so itself: its handler asks for the caller
 * (`access/require-principal.ts`). openapi.test.ts checks the list against the server's answers.
 */
export const operationsWithoutCredentials: ReadonlySet<string> = new Set([
  'GET /api/v2/config/app/{id}',
  'GET /api/v2/{tenant}/config/app/{id}',
  'GET /api/v2/config/cdr',
  'GET /api/v2/config/cdr/{id}',
  'POST /api/admin/adminusers/register',
  'POST /api/admin/adminusers/reset',
  'POST /api/admin/adminusers/reset/password',
  'POST /api/adviser/parties/external/verify',
]);

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch']);

/**
 * The document with `security: [{ bearer: [] }]` on every operation that needs credentials, so that
 * a client generated from it sends the token (before 2026-12-03 the document named no scheme, and
 * bearer authentication was invisible to generated clients).
 */
function withBearerSecurity<Document extends { paths?: Record<string, unknown> }>(
  document: Document,
): Document {
  const paths = document.paths ?? {};
  const securedPaths = Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      if (!path.startsWith('/api/') || typeof item !== 'object' || item === null) return [path, item];
      const operations = Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          const open = operationsWithoutCredentials.has(`${method.toUpperCase()} ${path}`);
          if (!httpMethods.has(method) || open || typeof operation !== 'object') return [method, operation];
          return [method, { ...operation, security: [{ [bearerScheme]: [] }] }];
        }),
      );
      return [path, operations];
    }),
  );
  return { ...document, paths: securedPaths };
}

/**
 * The OpenAPI transform of a route that reads its body itself (a multipart upload, a raw file), as
 * its `config.swaggerTransform`: the document declares the request body, in `contentTypes`, while
 * Fastify validates none (the route checks what it reads). Without it an SDK generated from the
 * document could not call the route.
 */
export function documentedRequestBody(
  contentTypes: string[],
  body: { description: string } & Record<string, unknown>,
): SwaggerTransform {
  return (input) => {
    const output = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    return { ...output, schema: { ...output.schema, consumes: contentTypes, body } };
  };
}
