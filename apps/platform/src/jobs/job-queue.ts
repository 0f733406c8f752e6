/** Options of one job (docs/jobs.md). */
export interface EnqueueOptions {
  /** Further attempts after the first fails (default 2). */
  retryLimit?: number;
  /** Wait 2^attempt seconds (at most an hour) before each retry instead of retrying at once (default false). */
  retryBackoff?: boolean;
  /** While a job of this name and key waits or runs, enqueueing another returns the existing job's id. */
  singletonKey?: string;
  /** Not before this time (default now). */
  startAfter?: Date;
}

export interface JobContext {
  id: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
}

export type JobHandler<T extends object> = (payload: T, job: JobContext) => Promise<void>;

export interface WorkOptions<T extends object> {
  /**
   * Called once when a job of this name is given up without its handler having said so: its
   * worker's process ended during the last attempt and the lease lapsed. Lets the owner of the
   * work record the failure in its own tables (e.g. an export row still saying `running`).
   */
  abandoned?: (payload: T, reason: string) => Promise<void>;
  /**
   * How many jobs of this name one process runs at once (default: as many as the queue runs). A
   * job that may wait long on something outside (a holder that does not answer) takes one so, and
   * never every worker slot of the queue.
   */
  concurrency?: number;
  /**
   * Jobs of this name can take long (a holder's pages, a document): the jobs of every slow name
   * together never take the queue's last free slot, which is kept for the quick ones (e-mails, the
   * sweeps). Before 2026-12-03 two refreshes of holders that did not answer filled both slots, and
   * a password-reset e-mail waited behind them.
   */
  slow?: boolean;
}

/**
 * The platform's durable job queue (DESIGN §2): jobs live in the platform database, so one
 * enqueued before a restart runs after it, and a failure is recorded with its reason. Available
 * as `app.jobQueue`; started with the app and stopped when it closes.
 */
export interface JobQueue {
  enqueue<T extends object>(name: string, payload: T, options?: EnqueueOptions): Promise<string>;
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions<T>): Promise<void>;
  stop(): Promise<void>;
}

export type JobState = 'created' | 'active' | 'completed' | 'failed';

/** A job as recorded, for status pages and tests. */
export interface JobRecord {
  id: string;
  name: string;
  payload: unknown;
  state: JobState;
  attempt: number;
  retryLimit: number;
  singletonKey: string | null;
  startAfter: Date;
  lastError: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}
