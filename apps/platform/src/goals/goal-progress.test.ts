import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../aggregation/calendar-date.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  type AdviserWithClient,
  signedInAdviserWithClient,
} from '../testing/signed-in-adviser-with-client.ts';
import {
  advanceGoal,
  advanceGoals,
  goalSettlingDays,
  goalStatusOn,
  trackingStatus,
} from './goal-progress.ts';

describe('goal progress rules', () => {
  it('compares a saving with its target', () => {
    expect(trackingStatus(101n, 100n)).toBe('above');
    expect(trackingStatus(100n, 100n)).toBe('equal');
    expect(trackingStatus(99n, 100n)).toBe('below');
  });

  it('moves a goal on by its dates and what it reached', () => {
    const goal = {
      startDate: '2026-03-01',
      endDate: '2026-09-30',
      targetType: 'amount',
      targetCents: 100_000n,
    };
    expect(goalStatusOn(goal, 0n, '2026-02-28')).toBe('unstarted');
    expect(goalStatusOn(goal, 0n, '2026-03-01')).toBe('active');
    expect(goalStatusOn(goal, 100_000n, '2026-05-01')).toBe('completed');
    expect(goalStatusOn(goal, 99_999n, '2026-09-30')).toBe('active');
    expect(goalStatusOn(goal, 99_999n, '2026-10-01')).toBe('finalising');
    expect(goalStatusOn(goal, 99_999n, addDays('2026-09-30', goalSettlingDays))).toBe('finalising');
    expect(goalStatusOn(goal, 99_999n, addDays('2026-09-30', goalSettlingDays + 1))).toBe('failed');
    // An open-ended goal has no target to reach: it ends completed, whatever it saved.
    const open = { ...goal, targetType: 'open_ended' };
    expect(goalStatusOn(open, 500_000n, '2026-05-01')).toBe('active');
    expect(goalStatusOn(open, 0n, addDays('2026-09-30', goalSettlingDays + 1))).toBe('completed');
    // Without an end date a goal short of its target stays active.
    expect(goalStatusOn({ ...goal, endDate: null }, 0n, '2030-01-01')).toBe('active');
  });

  it('lets a goal ending late in 9999 settle too', () => {
    // Before 2026-12-03 its settling days' end, in year 10000, sorted before today as text: failed at once.
    const goal = { startDate: '9999-01-01', endDate: '9999-12-29', targetType: 'amount', targetCents: 100n };
    expect(goalStatusOn(goal, 0n, '9999-12-31')).toBe('finalising');
  });
});

/** Goals made through `POST api/v2/goals`, moved on by `advanceGoals` from their account's transactions. */
describe('advanceGoals', () => {
  let testApp: TestApp;
  let fixture: AdviserWithClient;
  const today = sydneyToday();

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
    // The goal's account holds only what each test writes.
    await testApp.app.database.db
      .deleteFrom('transactions')
      .where('account_id', '=', fixture.accountIds[0] ?? 0)
      .execute();
  });
  afterAll(() => testApp.close());

  const db = () => testApp.app.database.db;

  async function createGoal(goal: object): Promise<number> {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/goals',
      headers: fixture.headers,
      payload: { name: 'Holiday', account_id: fixture.accountIds[0], tracking_type: 'credit', ...goal },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id;
  }

  async function pay(amount: string, date: string, account = fixture.accountIds[0] ?? 0): Promise<void> {
    await db()
      .insertInto('transactions')
      .values({
        tenant_id: fixture.adviser.adminUser.tenant_id,
        client_id: fixture.clientId,
        account_id: account,
        amount,
        base_type: amount.startsWith('-') ? 'debit' : 'credit',
        transaction_date: date,
        description_original: 'Transfer',
        budget_category: 'goals',
        // A transfer between the client's own accounts: left out of income and spending, yet saved.
        included: false,
      })
      .execute();
  }

  const readGoal = async (id: number) => {
    const listed = await testApp.app.inject({ url: '/api/v2/goals?status=all', headers: fixture.headers });
    return listed.json().data.find((goal: { id: number }) => goal.id === id);
  };
  const periodsOf = (id: number) =>
    db()
      .selectFrom('goal_periods')
      .select(['index', 'current_amount', 'tracking_status'])
      .where('goal_id', '=', id)
      .orderBy('index')
      .execute();

  it('counts each period’s saving and the goal’s from its account’s transactions, transfers included', async () => {
    const start = addMonths(today, -2);
    const id = await createGoal({
      frequency: 'monthly',
      target: 'amount',
      target_amount: '1000.00',
      period_amount: '100.00',
      start_amount: '50.00',
      start_date: start,
    });
    await pay('150.00', start);
    await pay('-40.00', addDays(start, 1)); // money out: not a credit
    await pay('100.00', addMonths(start, 1));
    await pay('500.00', addMonths(start, 1), fixture.accountIds[1]); // another account
    await pay('20.00', addDays(start, -1)); // before the goal

    expect(await advanceGoals(db(), today)).toBeGreaterThanOrEqual(1);
    expect(await periodsOf(id)).toEqual([
      { index: 0, current_amount: '150.00', tracking_status: 'above' },
      { index: 1, current_amount: '100.00', tracking_status: 'equal' },
      { index: 2, current_amount: '0.00', tracking_status: 'below' },
    ]);
    expect(await readGoal(id)).toMatchObject({
      current_amount: '300.00',
      status: 'active',
      periods_count: 3,
    });

    // Worked out once a day, and again only when the client's data changes.
    expect(await advanceGoals(db(), today)).toBe(0);
    await pay('700.00', today);
    expect(await advanceGoals(db(), today)).toBe(1);
    expect(await readGoal(id)).toMatchObject({ current_amount: '1000.00', status: 'completed' });
    expect(await advanceGoals(db(), today)).toBe(0);
  });

  it('counts what its tracking type names: money in, money out, or in less out', async () => {
    await db()
      .deleteFrom('transactions')
      .where('account_id', '=', fixture.accountIds[1] ?? 0)
      .execute();
    const start = addMonths(today, -1);
    const goalOf = (tracking_type: string) =>
      createGoal({
        frequency: 'singular',
        target: 'open_ended',
        period_amount: '100.00',
        start_date: start,
        end_date: addMonths(today, 1),
        tracking_type,
        account_id: fixture.accountIds[1],
      });
    const [credit, debit, both] = [
      await goalOf('credit'),
      await goalOf('debit'),
      await goalOf('debit_credit'),
    ];
    await pay('80.00', addDays(start, 1), fixture.accountIds[1]);
    await pay('-30.25', addDays(start, 2), fixture.accountIds[1]);
    await advanceGoals(db(), today);
    expect((await readGoal(credit)).current_amount).toBe('80.00');
    expect((await readGoal(debit)).current_amount).toBe('30.25');
    expect((await readGoal(both)).current_amount).toBe('49.75');
    expect((await periodsOf(debit))[0]).toMatchObject({ current_amount: '30.25', tracking_status: 'below' });
  });

  it('starts a goal on its start date and adds its periods as the days pass', async () => {
    const start = addDays(today, 3);
    const id = await createGoal({
      frequency: 'weekly',
      target: 'open_ended',
      period_amount: '25.00',
      start_date: start,
      end_date: addMonths(start, 2),
      tracking_type: 'debit_credit',
    });
    expect(await readGoal(id)).toMatchObject({ status: 'unstarted', periods_count: 1 });
    await advanceGoals(db(), addDays(start, -1));
    expect(await readGoal(id)).toMatchObject({ status: 'unstarted' });
    await advanceGoals(db(), addDays(start, 8));
    expect(await readGoal(id)).toMatchObject({ status: 'active', periods_count: 2 });
  });

  it('ends a goal past its end date: finalising while payments settle, then completed or failed', async () => {
    const start = addDays(today, 1);
    const end = addMonths(start, 3);
    const short = await createGoal({
      frequency: 'monthly',
      target: 'date',
      target_amount: '900.00',
      start_date: start,
      end_date: end,
    });
    const open = await createGoal({
      frequency: 'monthly',
      target: 'open_ended',
      period_amount: '10.00',
      start_date: start,
      end_date: end,
    });
    await advanceGoals(db(), addDays(end, 1));
    expect(await readGoal(short)).toMatchObject({ status: 'finalising' });
    expect(await readGoal(open)).toMatchObject({ status: 'finalising' });
    await advanceGoals(db(), addDays(end, goalSettlingDays + 1));
    expect(await readGoal(short)).toMatchObject({ status: 'failed' });
    expect(await readGoal(open)).toMatchObject({ status: 'completed' });
    // Ended goals are not worked out again.
    await pay('5000.00', addDays(end, -1));
    await advanceGoals(db(), addDays(end, goalSettlingDays + 2));
    expect(await readGoal(short)).toMatchObject({ status: 'failed', current_amount: '0.00' });
  });

  it('adds every period missed, however many runs were, and leaves a goal another run worked out', async () => {
    const id = await createGoal({
      frequency: 'daily',
      target: 'open_ended',
      period_amount: '1.00',
      start_date: today,
      end_date: addMonths(today, 2),
    });
    // Twenty days without a run: before, only the last twelve periods were added, leaving a gap.
    await advanceGoals(db(), addDays(today, 20));
    expect((await periodsOf(id)).map((period) => period.index)).toEqual(
      Array.from({ length: 21 }, (_, n) => n),
    );
    // A run that waited for the goal while another worked it out has nothing left to do.
    expect(
      await db()
        .transaction()
        .execute((trx) => advanceGoal(trx, id, addDays(today, 20))),
    ).toBe(false);
  });

  it('counts a singular goal’s saving without an end date from its start up to today, as its amount', async () => {
    const account = fixture.accountIds[1] ?? 0;
    await db().deleteFrom('transactions').where('account_id', '=', account).execute();
    const start = addDays(today, -20);
    const id = await createGoal({
      frequency: 'singular',
      target: 'amount',
      target_amount: '500.00',
      period_amount: '500.00',
      start_date: start,
      account_id: account,
    });
    await pay('120.00', addDays(start, 10), account);
    await advanceGoals(db(), today);
    // Before 2026-12-03 the one period ended on the start date: 0.00 and below, while the goal's
    // current amount rose.
    expect(await readGoal(id)).toMatchObject({
      current_amount: '120.00',
      status: 'active',
      periods_count: 1,
      current_period: {
        start_date: start,
        end_date: today,
        current_amount: '120.00',
        tracking_status: 'below',
      },
    });
    // The days pass: the period runs on to the day the goal is worked out.
    const later = addDays(today, 5);
    await pay('400.00', addDays(today, 3), account);
    await advanceGoals(db(), later);
    expect(await readGoal(id)).toMatchObject({
      current_amount: '520.00',
      status: 'completed',
      current_period: { end_date: later, current_amount: '520.00', tracking_status: 'above' },
    });
    await db().deleteFrom('transactions').where('account_id', '=', account).execute();
  });

  it('holds a saving past the columns’ 12 whole digits at the largest they take', async () => {
    await db()
      .deleteFrom('transactions')
      .where('account_id', '=', fixture.accountIds[1] ?? 0)
      .execute();
    const id = await createGoal({
      frequency: 'singular',
      target: 'open_ended',
      period_amount: '100.00',
      start_date: addDays(today, -1),
      end_date: addMonths(today, 1),
      account_id: fixture.accountIds[1],
    });
    await pay('999999999999.99', today, fixture.accountIds[1]);
    await pay('999999999999.99', today, fixture.accountIds[1]);
    await advanceGoals(db(), today);
    expect((await readGoal(id)).current_amount).toBe('999999999999.99');
    expect((await periodsOf(id))[0]).toMatchObject({ current_amount: '999999999999.99' });
    await db()
      .deleteFrom('transactions')
      .where('account_id', '=', fixture.accountIds[1] ?? 0)
      .execute();
  });

  it('spreads what a goal by a date has left to save over its periods, not its whole target', async () => {
    // Before 2026-12-03 the whole target was spread: 1,000.00 a period here, so a goal on track
    // read `below`, asked 400.00 more, and was listed under `tracking_status=below`.
    await db()
      .deleteFrom('transactions')
      .where('account_id', '=', fixture.accountIds[0] ?? 0)
      .execute();
    const start = addMonths(today, -1);
    const id = await createGoal({
      frequency: 'monthly',
      target: 'date',
      target_amount: '12000.00',
      start_amount: '6000.00',
      start_date: start,
      // Twelve monthly periods, whatever today is.
      end_date: addDays(addMonths(start, 12), -1),
    });
    await pay('600.00', today);
    await advanceGoals(db(), today);
    expect(await readGoal(id)).toMatchObject({
      current_amount: '6600.00',
      status: 'active',
      tracking_status: 'above',
      current_period: {
        index: 1,
        target_amount: '500.00',
        current_amount: '600.00',
        required_amount: '0.00',
      },
    });
    const listed = async (status: string) =>
      (
        await testApp.app.inject({
          url: `/api/v2/goals?status=all&tracking_status=${status}`,
          headers: fixture.headers,
        })
      )
        .json()
        .data.map((goal: { id: number }) => goal.id);
    expect(await listed('above')).toContain(id);
    expect(await listed('below')).not.toContain(id);

    // The periods the progress job adds later take the same share.
    await advanceGoals(db(), addMonths(start, 2));
    const targets = await db()
      .selectFrom('goal_periods')
      .select('target_amount')
      .where('goal_id', '=', id)
      .orderBy('index')
      .execute();
    expect(targets.map((period) => period.target_amount)).toEqual(['500.00', '500.00', '500.00']);
  });

  it('measures a balance target against the account’s balance', async () => {
    await db()
      .updateTable('accounts')
      .set({ current_balance: '2500.00', available_balance: '2400.00' })
      .where('id', '=', fixture.accountIds[0] ?? 0)
      .execute();
    const id = await createGoal({
      frequency: 'monthly',
      target: 'available_balance',
      target_amount: '2450.00',
      period_amount: '100.00',
    });
    await advanceGoals(db(), today);
    expect(await readGoal(id)).toMatchObject({ current_amount: '2400.00', status: 'active' });
    await db()
      .updateTable('accounts')
      .set({ available_balance: '2450.00' })
      .where('id', '=', fixture.accountIds[0] ?? 0)
      .execute();
    await advanceGoals(db(), today);
    expect(await readGoal(id)).toMatchObject({ current_amount: '2450.00', status: 'completed' });
  });
});
