import { readyResponseSchema, startingResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Readiness: 503 until migrations and seeding are done, so a load balancer waits for them. */
export const getReadyz: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: readyResponseSchema, 503: startingResponseSchema } } },
    async (_request, reply) => {
      if (!app.readiness.isReady()) return reply.code(503).send({ status: 'starting' });
      return { status: 'ready' as const, database: app.database.engine };
    },
  );
};
