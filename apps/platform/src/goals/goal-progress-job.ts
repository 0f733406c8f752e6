import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../jobs/job-queue.ts';
import { enqueueForNextSlot, type PeriodicJob, registerPeriodicJob } from '../jobs/periodic-job.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { advanceGoals } from './goal-progress.ts';

export const goalProgressJob = 'goals.progress';
/** How often goals are moved on: a refresh's or an import's transactions show in them within this. */
export const goalProgressMinutes = 15;

const goalProgress: PeriodicJob = {
  name: goalProgressJob,
  minutes: goalProgressMinutes,
  retry: { retryLimit: 2, retryBackoff: true },
};

/** Queues the run for its next slot; every instance asking for the same slot gets one job. */
export function enqueueGoalProgress(queue: Pick<JobQueue, 'enqueue'>, now: Date): Promise<string> {
  return enqueueForNextSlot(queue, goalProgress, now);
}

/**
 * Goal progress on the job queue, every 15 minutes: every goal still in progress whose day (Sydney)
 * or client data changed since it was last worked out is worked out again (`advanceGoals`). A goal
 * that fails is logged and left for the next run; the others go on.
 */
export function registerGoalProgress(
  app: Pick<FastifyInstance, 'database' | 'jobQueue' | 'addHook' | 'log' | 'readiness' | 'config'>,
): Promise<void> {
  return registerPeriodicJob(app, goalProgress, 'goals: scheduling the progress run', async () => {
    const advanced = await advanceGoals(app.database.db, sydneyToday(), {
      onError: (goalId, error) => app.log.error({ err: error, goalId }, 'goals: could not work out progress'),
    });
    if (advanced > 0) app.log.info({ advanced }, 'goals: progress worked out');
  });
}
