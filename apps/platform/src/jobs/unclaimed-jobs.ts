import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database-schema.ts';

/** How long past its start (or its lapsed lease) a job may stay untaken before the housekeeping reports it. */
export const unclaimedJobMs = 60 * 60 * 1000;

export interface UnclaimedJobs {
  name: string;
  /** Jobs of the name waiting over an hour past their start, or whose lease lapsed over an hour ago. */
  count: number;
  /** The earliest start (or lapsed lease) among them. */
  since: Date;
  /** When a worker last took a job of the name (of those still kept), or null. */
  lastStarted: Date | null;
}

/**
 * The jobs no worker took within `unclaimedJobMs` of their start, by name: waiting ones, and running
 * ones whose lease lapsed that long ago (a worker takes those up again too). Either a backlog (the
 * queue runs two jobs at a time per process, oldest first: a holder that times out every refresh
 * can keep the refreshes over an hour behind), which `lastStarted` within the hour shows; or a name
 * no running instance handles (one a later version renamed or retired, or whose instances are all
 * stopped), whose jobs nothing fails: they wait for ever. The hourly housekeeping logs them for an
 * operator; it changes nothing.
 */
export async function unclaimedJobs(db: Kysely<Database>, now: Date = new Date()): Promise<UnclaimedJobs[]> {
  const cutoff = new Date(now.getTime() - unclaimedJobMs);
  const { rows } = await sql<{ name: string; count: number; since: Date; last_started: Date | null }>`
    select name, count(*)::int as count, min(case when state = 'active' then locked_until else start_after end) as since,
      (select max(started.started_at) from jobs started where started.name = untaken.name) as last_started
    from jobs untaken
    where (state = 'created' and start_after < ${cutoff}) or (state = 'active' and locked_until < ${cutoff})
    group by name order by name`.execute(db);
  return rows.map((row) => ({
    name: row.name,
    count: row.count,
    since: new Date(row.since),
    lastStarted: row.last_started === null ? null : new Date(row.last_started),
  }));
}
