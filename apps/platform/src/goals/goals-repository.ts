import {
  type CreateGoalBody,
  type Goal,
  type GoalStatus,
  type goalStatusFilters,
  goalStatusGroups,
  type trackingStatuses,
} from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import { holdConsentFor } from '../access/hold-client-access.ts';
import { recordAudit } from '../access/record-audit.ts';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import { toCents } from '../aggregation/cents.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { goalDatesProblem } from './goal-date-limits.ts';
import { newPeriodRows, planGoalPeriods } from './goal-periods.ts';

type TrackingStatus = (typeof trackingStatuses)[number];

/** The largest amount a goal's amount columns (`numeric(14,2)`) hold. */
const maxGoalAmount = '999999999999.99';

/** The tracking status of goal `g`'s current (latest) period, as the list filters by it. */
const currentTrackingStatus = sql<string | null>`(select p.tracking_status from goal_periods p
  where p.goal_id = g.id order by p.index desc limit 1)`;

function selectGoals(db: Kysely<Database>, scope: ClientScope) {
  return db
    .selectFrom('goals as g')
    .where('g.tenant_id', '=', scope.tenantId)
    .where('g.client_id', '=', scope.clientId)
    .select([
      'g.id',
      'g.name',
      'g.description',
      'g.account_id',
      'g.tracking_type',
      'g.target_type',
      'g.frequency',
      'g.status',
      'g.currency',
      sql<string>`g.start_date::text`.as('start_date'),
      sql<string | null>`g.end_date::text`.as('end_date'),
      sql<string | null>`g.target_amount::text`.as('target_amount'),
      sql<string>`g.current_amount::text`.as('current_amount'),
      sql<string | null>`g.period_amount::text`.as('period_amount'),
      sql<string>`g.start_amount::text`.as('start_amount'),
      sql<number>`(select count(*)::int from goal_periods p where p.goal_id = g.id)`.as('periods_count'),
      // The latest period, as the wire's GoalPeriod (amounts and dates as text, exact on both engines).
      // What it still requires is its target less what it has, never below 0 and, like the amounts
      // the progress job writes, held to the 12 whole digits of the amount columns (a debit_credit
      // period may stand below 0).
      sql<
        Goal['current_period']
      >`(select json_build_object('id', p.id, 'goal_id', p.goal_id, 'index', p.index,
        'start_date', p.start_date::text, 'end_date', p.end_date::text, 'tracking_status', p.tracking_status,
        'current_amount', p.current_amount::text, 'target_amount', p.target_amount::text,
        'required_amount', least(greatest(p.target_amount - p.current_amount, 0),
          ${maxGoalAmount}::numeric)::numeric(14,2)::text)
        from goal_periods p where p.goal_id = g.id order by p.index desc limit 1)`.as('current_period'),
    ]);
}

type GoalRow = Awaited<ReturnType<ReturnType<typeof selectGoals>['executeTakeFirstOrThrow']>>;

function goalToWire(row: GoalRow): Goal {
  return {
    ...row,
    tracking_type: row.tracking_type as Goal['tracking_type'],
    target: row.target_type as Goal['target'],
    frequency: row.frequency as Goal['frequency'],
    status: row.status as GoalStatus,
    // The goal tracks as its current period does (reference §6).
    tracking_status: row.current_period?.tracking_status ?? null,
  };
}

/**
 * Goals of one client; the filter's groups (current, previous…) are spelled out in
 * `goalStatusGroups`. With a tracking status, only the goals whose current period has it (a goal
 * without a period has none, and matches no tracking status).
 */
export async function listGoals(
  db: Kysely<Database>,
  scope: ClientScope,
  filter: { status: (typeof goalStatusFilters)[number]; tracking_status?: TrackingStatus | undefined },
): Promise<Goal[]> {
  let goals = selectGoals(db, scope).where('g.status', 'in', [...goalStatusGroups[filter.status]]);
  if (filter.tracking_status !== undefined)
    goals = goals.where(currentTrackingStatus, '=', filter.tracking_status);
  const rows = await goals.orderBy('g.id').execute();
  return rows.map(goalToWire);
}

/** The most goals one client may have: a client's real goals are a handful; each is listed with every read. */
export const maxGoalsPerClient = 200;

/**
 * A new goal on one of the client's accounts: unstarted until its start date, active from then,
 * written with its periods (see `planGoalPeriods`) in one transaction, in the account's currency.
 * An end date before today is refused: such a goal was listed as current for ever.
 */
export async function createGoal(
  db: Kysely<Database>,
  scope: ClientScope,
  body: CreateGoalBody,
): Promise<Goal> {
  const today = sydneyToday();
  const startDate = body.start_date ?? today;
  // The contract compares the two dates only when both are given; a default start is today.
  if (body.end_date !== undefined && body.end_date <= startDate) {
    const message = 'must be after start_date';
    throw new AppError('validation_failed', `body.end_date: ${message}`, {
      fields: [{ field: 'body.end_date', message }],
    });
  }
  if (body.end_date !== undefined && body.end_date < today) {
    const message = `must be today (${today}) or later`;
    throw new AppError('validation_failed', `body.end_date: ${message}`, {
      fields: [{ field: 'body.end_date', message }],
    });
  }
  const problem = goalDatesProblem({
    frequency: body.frequency,
    startDate,
    endDate: body.end_date ?? null,
    today,
  });
  if (problem) {
    const field = `body.${problem.field}`;
    throw new AppError('validation_failed', `${field}: ${problem.message}`, {
      fields: [{ field, message: problem.message }],
    });
  }
  const id = await db.transaction().execute(async (trx) => {
    // Only while the caller's consent is current (before 2026-12-02 written after a withdrawal).
    await holdConsentFor(trx, scope);
    const account = await trx
      .selectFrom('accounts')
      .select(['id', 'currency'])
      .where('tenant_id', '=', scope.tenantId)
      .where('client_id', '=', scope.clientId)
      .where('id', '=', body.account_id)
      // Held until the goal is written: an account deleted meanwhile (its connection removed, a
      // consent ended) waits, or was gone already; before 2026-11-29 the insert's foreign key failed (a 500).
      .forKeyShare()
      .executeTakeFirst();
    if (!account) {
      const message = `there is no account ${body.account_id}`;
      throw new AppError('validation_failed', `body.account_id: ${message}`, {
        fields: [{ field: 'body.account_id', message }],
      });
    }
    // Goals added at the same moment may pass the limit by as many; it bounds a script, not a race.
    const { count } = await trx
      .selectFrom('goals')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenant_id', '=', scope.tenantId)
      .where('client_id', '=', scope.clientId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= maxGoalsPerClient) {
      throw new AppError(
        'already_exists',
        `The client has ${maxGoalsPerClient} goals, the most one client may have; delete one to add another`,
      );
    }
    const row = await trx
      .insertInto('goals')
      .values({
        tenant_id: scope.tenantId,
        client_id: scope.clientId,
        account_id: body.account_id,
        name: body.name,
        description: body.description ?? null,
        tracking_type: body.tracking_type,
        target_type: body.target,
        frequency: body.frequency,
        start_date: startDate,
        end_date: body.end_date ?? null,
        target_amount: body.target_amount ?? null,
        period_amount: body.period_amount ?? null,
        start_amount: body.start_amount ?? '0.00',
        current_amount: body.start_amount ?? '0.00',
        currency: account.currency,
        status: startDate > today ? 'unstarted' : 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const periods = planGoalPeriods({
      frequency: body.frequency,
      startDate,
      endDate: body.end_date ?? null,
      periodCents: body.period_amount === undefined ? null : toCents(body.period_amount),
      targetCents: body.target_amount === undefined ? null : toCents(body.target_amount),
      startCents: body.start_amount === undefined ? 0 : toCents(body.start_amount),
      today,
    });
    await trx.insertInto('goal_periods').values(newPeriodRows(row.id, periods)).execute();
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'goal.create',
      targetType: 'goal',
      targetId: row.id,
      clientId: scope.clientId,
    });
    return row.id;
  });
  return goalToWire(await selectGoals(db, scope).where('g.id', '=', id).executeTakeFirstOrThrow());
}

export async function deleteGoal(db: Kysely<Database>, scope: ClientScope, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Only while the caller's consent is current (before 2026-12-02 written after a withdrawal).
    await holdConsentFor(trx, scope);
    const deleted = await trx
      .deleteFrom('goals')
      .where('tenant_id', '=', scope.tenantId)
      .where('client_id', '=', scope.clientId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AppError('not_found', `There is no goal ${id}`);
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'goal.delete',
      targetType: 'goal',
      targetId: id,
      clientId: scope.clientId,
    });
  });
}
