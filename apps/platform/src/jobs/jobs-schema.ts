import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import type { JobState } from './job-queue.ts';

type Timestamp = ColumnType<Date, Date | undefined, Date>;

/** The `jobs` table of migration 0007. */
export interface JobsTable {
  id: string;
  name: string;
  /** jsonb: read parsed, written as JSON text. */
  payload: ColumnType<unknown, string, string>;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  attempt: ColumnType<number, number | undefined, number>;
  retry_limit: ColumnType<number, number | undefined, number>;
  retry_backoff: ColumnType<boolean, boolean | undefined, boolean>;
  singleton_key: string | null;
  start_after: Timestamp;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Timestamp;
  started_at: Date | null;
  completed_at: Date | null;
}

export type JobsDatabase = Database & { jobs: JobsTable };

/** The platform database seen with the queue's table. */
export function withJobs(db: Kysely<Database>): Kysely<JobsDatabase> {
  return db.withTables<{ jobs: JobsTable }>();
}
