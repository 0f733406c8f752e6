import * as z from 'zod/mini';

/** `GET /healthz`: the process is up and answering. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const databaseEngines = ['pglite', 'postgres'] as const;
export type DatabaseEngine = (typeof databaseEngines)[number];

/** `GET /readyz`: 200 once migrations and seed data are in place, 503 before. */
export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.enum(databaseEngines),
});
export const startingResponseSchema = z.object({ status: z.literal('starting') });
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
