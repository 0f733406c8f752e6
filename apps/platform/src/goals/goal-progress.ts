import type { GoalStatus } from '@waratah/contracts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { daysBetween } from '../aggregation/calendar-date.ts';
import { toCents } from '../aggregation/cents.ts';
import type { Database } from '../db/database-schema.ts';
import { type Frequency, keptGoalPeriods, newPeriodRows, planGoalPeriods } from './goal-periods.ts';

/** Days after its end date a goal waits, `finalising`, for pending payments to post, before it is decided. */
export const goalSettlingDays = 5;

/** Goals whose progress is still worked out: the others (completed, failed, cancelled) have ended. */
export const goalsInProgress = ['unstarted', 'active', 'finalising'] as const satisfies readonly GoalStatus[];

const maxAmount = '999999999999.99';

type TrackingType = 'credit' | 'debit' | 'debit_credit';

/**
 * What a goal counts of its account's money, summed over the transactions `t`: `credit` what came
 * in, `debit` what went out (as a positive amount), `debit_credit` what came in less what went out.
 */
function trackedSum(trackingType: TrackingType): RawBuilder<string> {
  if (trackingType === 'credit') return sql<string>`coalesce(sum(t.amount) filter (where t.amount > 0), 0)`;
  if (trackingType === 'debit') return sql<string>`-coalesce(sum(t.amount) filter (where t.amount < 0), 0)`;
  return sql<string>`coalesce(sum(t.amount), 0)`;
}

/** Held to what the amount columns (12 whole digits) take: a sum past them is shown at their limit. */
function withinColumn(amount: RawBuilder<string>): RawBuilder<string> {
  return sql<string>`least(greatest(${amount}, -${maxAmount}::numeric), ${maxAmount}::numeric)`;
}

export function trackingStatus(currentCents: bigint, targetCents: bigint): 'above' | 'equal' | 'below' {
  return currentCents > targetCents ? 'above' : currentCents === targetCents ? 'equal' : 'below';
}

/**
 * A goal's status on `today`, from its dates and what it has reached:
 * - before its start date, `unstarted`;
 * - a target reached (an amount, a date or a balance target; an open-ended goal has none), `completed`;
 * - past its end date, `finalising` for `goalSettlingDays` (payments made on the last day may still
 *   be pending), then `completed` for an open-ended goal and `failed` for one that fell short;
 * - else `active`.
 */
export function goalStatusOn(
  goal: { startDate: string; endDate: string | null; targetType: string; targetCents: bigint | null },
  currentCents: bigint,
  today: string,
): (typeof goalsInProgress)[number] | 'completed' | 'failed' {
  if (goal.startDate > today) return 'unstarted';
  const reached =
    goal.targetType !== 'open_ended' && goal.targetCents !== null && currentCents >= goal.targetCents;
  if (reached) return 'completed';
  if (goal.endDate === null || goal.endDate >= today) return 'active';
  // Counted in days, not compared as text: an end date late in 9999 plus five days is '+010000-01'.
  if (daysBetween(goal.endDate, today) <= goalSettlingDays) return 'finalising';
  return goal.targetType === 'open_ended' ? 'completed' : 'failed';
}

/**
 * Works out one goal's progress as of `today`, in the caller's transaction, and answers whether
 * the goal was still in progress (not deleted, not ended meanwhile):
 * - every period up to today after the last one written is added (the plan of `planGoalPeriods`,
 *   however many runs were missed), and the last twelve are worked out; the one period of a
 *   singular goal without an end date runs up to today;
 * - each of those periods' saving (older periods keep theirs) is what its account's transactions
 *   of the period's days, pending ones too, add up to by the goal's tracking type, and its
 *   tracking status compares it with the period's target. Every transaction of the account
 *   counts, those the client leaves out of income and spending (`included` false) too: a transfer
 *   in from the client's own everyday account is left out of income, and is what a saving is;
 * - the goal's current amount is, for a balance target, its account's balance (available or
 *   current), else the start amount plus what the transactions from its start date add up to;
 * - its status follows `goalStatusOn`.
 * A goal without an account (its account was removed) keeps its amounts; its dates still move it on.
 * The client's data version is read first, so a change committed while this runs is seen next time.
 */
export async function advanceGoal(trx: Kysely<Database>, goalId: number, today: string): Promise<boolean> {
  const goal = await trx
    .selectFrom('goals')
    .select([
      'id',
      'client_id',
      'account_id',
      'tracking_type',
      'target_type',
      'frequency',
      'status',
      sql<string>`start_date::text`.as('start_date'),
      sql<string | null>`end_date::text`.as('end_date'),
      sql<string | null>`target_amount::text`.as('target_amount'),
      sql<string | null>`period_amount::text`.as('period_amount'),
      sql<string>`start_amount::text`.as('start_amount'),
      sql<string>`current_amount::text`.as('current_amount'),
      sql<string | null>`progress_on::text`.as('progress_on'),
      sql<string | null>`progress_version::text`.as('progress_version'),
      sql<number | null>`(select max(p.index) from goal_periods p where p.goal_id = goals.id)`.as(
        'last_index',
      ),
    ])
    .where('id', '=', goalId)
    .where('status', 'in', goalsInProgress)
    .forUpdate()
    .executeTakeFirst();
  if (!goal) return false;
  const { version } = (await trx
    .selectFrom('client_data_versions')
    .select(sql<string>`version::text`.as('version'))
    .where('client_id', '=', goal.client_id)
    .executeTakeFirst()) ?? { version: null };
  // Worked out already for this day and data (another run took it first, and this one waited for
  // its lock): nothing to do again.
  if (goal.progress_on === today && goal.progress_version === version) return false;

  const plan = planGoalPeriods({
    frequency: goal.frequency as Frequency,
    startDate: goal.start_date,
    endDate: goal.end_date,
    periodCents: goal.period_amount === null ? null : toCents(goal.period_amount),
    targetCents: goal.target_amount === null ? null : toCents(goal.target_amount),
    startCents: toCents(goal.start_amount),
    today,
    keep: Number.POSITIVE_INFINITY,
  });
  // Every period after the last one written, however many runs were missed (at most
  // `maxGoalPeriods`: the goal's dates were checked at creation); the last twelve are worked out.
  const missing = plan.filter((period) => period.index > (goal.last_index ?? -1));
  const recentFrom = plan[Math.max(0, plan.length - keptGoalPeriods)]?.index ?? 0;
  if (missing.length > 0)
    await trx
      .insertInto('goal_periods')
      .values(newPeriodRows(goal.id, missing))
      .onConflict((conflict) => conflict.columns(['goal_id', 'index']).doNothing())
      .execute();
  // A singular goal without an end date has one period, from its start up to today: its end moves
  // on with the days (before 2026-12-03 it stayed on the start date, saving nothing after it).
  const [open] = plan;
  if (goal.frequency === 'singular' && goal.end_date === null && open)
    await trx
      .updateTable('goal_periods')
      .set({ end_date: open.endDate })
      .where('goal_id', '=', goal.id)
      .where('index', '=', open.index)
      .execute();

  const tracked = trackedSum(goal.tracking_type as TrackingType);
  let current = goal.current_amount;
  if (goal.account_id !== null) {
    const accountId = goal.account_id;
    // The periods up to today (older ones keep their saving), in one statement.
    await sql`
      update goal_periods as p
      set current_amount = saved.amount,
        tracking_status = case when saved.amount > p.target_amount then 'above'
          when saved.amount = p.target_amount then 'equal' else 'below' end
      from (
        select p.id, ${withinColumn(tracked)} as amount
        from goal_periods p
        left join transactions t on t.account_id = ${accountId} and t.client_id = ${goal.client_id}
          and t.transaction_date between p.start_date and p.end_date
        where p.goal_id = ${goal.id} and p.index >= ${recentFrom}
        group by p.id
      ) as saved
      where p.id = saved.id`.execute(trx);
    if (goal.target_type === 'current_balance' || goal.target_type === 'available_balance') {
      const account = await trx
        .selectFrom('accounts')
        .select([
          sql<string>`current_balance::text`.as('current'),
          sql<string | null>`available_balance::text`.as('available'),
        ])
        .where('id', '=', accountId)
        .executeTakeFirst();
      const balance =
        goal.target_type === 'available_balance'
          ? (account?.available ?? account?.current)
          : account?.current;
      if (balance !== undefined) current = balance;
    } else {
      const until = goal.end_date !== null && goal.end_date < today ? goal.end_date : today;
      const { rows } = await sql<{ amount: string }>`
        select ${withinColumn(sql`${goal.start_amount}::numeric + ${tracked}`)}::text as amount
        from transactions t
        where t.account_id = ${accountId} and t.client_id = ${goal.client_id}
          and t.transaction_date between ${goal.start_date}::date and ${until}::date`.execute(trx);
      current = rows[0]?.amount ?? current;
    }
  }
  const currentCents = BigInt(toCents(current));
  const targetCents = goal.target_amount === null ? null : BigInt(toCents(goal.target_amount));
  const status = goalStatusOn(
    { startDate: goal.start_date, endDate: goal.end_date, targetType: goal.target_type, targetCents },
    currentCents,
    today,
  );
  await trx
    .updateTable('goals')
    .set({
      current_amount: current,
      status,
      progress_on: today,
      progress_version: sql`${version}::bigint`,
    })
    .where('id', '=', goal.id)
    .execute();
  return true;
}

/**
 * The ids of the goals still in progress whose day or client data changed since they were last
 * worked out (a new goal's never were), in id order: after `after`, at most `limit`, of `clientIds`
 * only if given.
 */
export async function goalsDue(
  db: Kysely<Database>,
  today: string,
  options: { after?: number; limit?: number; clientIds?: readonly number[] } = {},
): Promise<number[]> {
  if (options.clientIds?.length === 0) return [];
  let query = db
    .selectFrom('goals as g')
    .leftJoin('client_data_versions as v', 'v.client_id', 'g.client_id')
    .select('g.id')
    .where('g.status', 'in', goalsInProgress)
    .where('g.id', '>', options.after ?? 0)
    .where((eb) =>
      eb.or([
        eb('g.progress_on', 'is', null),
        eb('g.progress_on', '<', today),
        eb('g.progress_version', 'is distinct from', eb.ref('v.version')),
      ]),
    )
    .orderBy('g.id');
  if (options.clientIds) query = query.where('g.client_id', 'in', options.clientIds);
  if (options.limit !== undefined) query = query.limit(options.limit);
  return (await query.execute()).map((row) => row.id);
}

/**
 * Works out the progress of every goal due (`goalsDue`, `advanceGoal`), each goal in its own
 * transaction, `batch` at a time in id order. A goal that fails is logged by the caller's job and
 * tried again at the next run. Answers how many goals were worked out.
 */
export async function advanceGoals(
  db: Kysely<Database>,
  today: string,
  options: {
    batch?: number;
    onError?: (goalId: number, error: unknown) => void;
    /** Only these clients' goals (a seed's own); every client's when absent. */
    clientIds?: readonly number[];
  } = {},
): Promise<number> {
  const batch = options.batch ?? 200;
  let advanced = 0;
  for (let after = 0; ; ) {
    const due = await goalsDue(db, today, {
      after,
      limit: batch,
      ...(options.clientIds ? { clientIds: options.clientIds } : {}),
    });
    for (const id of due) {
      try {
        if (await db.transaction().execute((trx) => advanceGoal(trx, id, today))) advanced += 1;
      } catch (error) {
        if (!options.onError) throw error;
        options.onError(id, error);
      }
    }
    if (due.length < batch) return advanced;
    after = due[due.length - 1] ?? after;
  }
}

/** `advanceGoals` for the clients of one practice only: a seed's own. */
export async function advancePracticeGoals(
  db: Kysely<Database>,
  partyId: number,
  today: string,
  options: { onError?: (goalId: number, error: unknown) => void } = {},
): Promise<number> {
  const clientIds = (
    await db.selectFrom('client_links').select('client_id').where('external_party_id', '=', partyId).execute()
  ).map((row) => row.client_id);
  return advanceGoals(db, today, { ...options, clientIds });
}
