import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database-schema.ts';

/** How long past its start a waiting job may stay untaken before the housekeeping reports it. */
export const unclaimedJobMs = 60 * 60 * 1000;

export interface UnclaimedJobs {
  name: string;
  count: number;
  /** The earliest start among them. */
  since: Date;
}

/**
 * The waiting jobs no worker took within `unclaimedJobMs` of their start, by name. A worker takes a
 * due job of a name it handles within seconds (docs/jobs.md), so these are jobs of a name no
 * running instance handles (one a later version renamed or retired, or whose instances are
 * stopped), or a queue whose workers have stopped: nothing fails them, and they wait for ever.
 * The hourly housekeeping logs them for an operator; it changes nothing.
 */
export async function unclaimedJobs(db: Kysely<Database>, now: Date = new Date()): Promise<UnclaimedJobs[]> {
  const { rows } = await sql<{ name: string; count: number | string; since: Date }>`
    select name, count(*) as count, min(start_after) as since from jobs
    where state = 'created' and start_after < ${new Date(now.getTime() - unclaimedJobMs)}
    group by name order by name`.execute(db);
  return rows.map((row) => ({ name: row.name, count: Number(row.count), since: new Date(row.since) }));
}
