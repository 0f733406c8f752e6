import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` once the database is migrated and seeded: the server listens (and fires onReady and
 * onListen) before it is, so work that needs the tables waits for `app.readiness`. At once when it
 * is ready already (tests; the promise then settles when it is done). A failure is logged: none of
 * these tasks may stop the server. Nothing starts once the app has begun to close, and closing waits
 * for a task that has started, so none meets a database closed under it (a stop right after start).
 */
export function whenDatabaseReady(
  app: Pick<FastifyInstance, 'readiness' | 'log'>,
  what: string,
  task: () => Promise<unknown>,
): Promise<void> {
  const run = () =>
    app.readiness.track(() =>
      task().then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, `${what} failed`),
      ),
    );
  if (app.readiness.isReady()) return run();
  void app.readiness.whenReady().then(run);
  return Promise.resolve();
}
