import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { IdentityDb } from './identity-database.ts';

/** How often an identity instance sweeps the store by default: hourly. */
export const defaultSweepIntervalMs = 60 * 60 * 1000;

/** Rows deleted by one statement at most, so that a large backlog never holds its locks for long. */
const sweepBatch = 1_000;

/**
 * Deletes the rows of oidc-provider's store that expired before `now`: interactions, codes,
 * sessions, grants, refresh tokens and ended sessions' tombstones. The store already reads them as
 * absent (`DatabaseAdapter`), so nothing a browser holds changes; without the sweep every sign-in
 * page opened and every refresh would leave a row for ever. Returns how many rows it deleted.
 */
export async function sweepIdentityStore(
  db: IdentityDb,
  now: Date = new Date(),
  batch: number = sweepBatch,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    // Rows another transaction holds are skipped, left to the next sweep: a password change ending
    // other sign-ins (`endOtherSignIns`) or oidc-provider revoking a grant deletes a grant's rows,
    // expired ones among them, in its own order, and a sweep waiting for them while holding others
    // could wait in a cycle with it (a deadlock on PostgreSQL). The sweep never waits for a row
    // lock, so it yields. Before 2026-12-02 it waited for them.
    const result = await sql`
      delete from identity_store where (model, id) in (
        select model, id from identity_store where expires_at < ${now}
        limit ${batch} for update skip locked)`.execute(db);
    const count = Number(result.numAffectedRows ?? 0n);
    deleted += count;
    if (count < batch) return deleted;
  }
}

/**
 * Sweeps the store every `intervalMs` while the app runs (from its `onReady` to its `onClose`).
 * Every instance sweeps on its own timer; two sweeps at once delete each row once. A failed sweep
 * (the database away) is logged and tried again at the next interval.
 */
export function scheduleIdentityStoreSweep(
  app: Pick<FastifyInstance, 'addHook' | 'log'>,
  db: IdentityDb,
  intervalMs: number = defaultSweepIntervalMs,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepIdentityStore(db)
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'identity: expired sign-in records swept');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'identity: sweeping expired records failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
