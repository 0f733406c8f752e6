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
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
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
