import { goalListResponseSchema, goalResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../aggregation/calendar-date.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';
import { maxGoalPeriods } from './goal-date-limits.ts';
import { maxGoalsPerClient } from './goals-repository.ts';

/** `POST api/v2/goals` with dates no adviser sets: a 400 naming the field, nothing written. */
describe('goal dates', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const post = (goal: object) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v2/goals',
      headers: fixture.headers,
      payload: {
        name: 'Far',
        account_id: fixture.accountIds[0],
        tracking_type: 'credit',
        target: 'date',
        target_amount: '5000.00',
        ...goal,
      },
    });

  it('refuses absurd dates or too many periods, naming the field', async () => {
    const today = sydneyToday();
    const cases: [object, string][] = [
      // 40,000 daily periods: planning them once held the event loop for minutes.
      [{ frequency: 'daily', start_date: '2016-01-01', end_date: '2126-01-01' }, 'body.end_date'],
      [{ frequency: 'monthly', start_date: '0001-01-01', end_date: addMonths(today, 12) }, 'body.start_date'],
      [{ frequency: 'singular', start_date: today, end_date: '9999-12-31' }, 'body.end_date'],
      [
        { frequency: 'daily', target: 'amount', period_amount: '1.00', start_date: '2000-01-01' },
        'body.start_date',
      ],
      [{ frequency: 'monthly', start_date: '2026-02-30', end_date: addMonths(today, 12) }, 'body.start_date'],
      [{ frequency: 'monthly', start_date: '2026-01-01', end_date: '2026-13-01' }, 'body.end_date'],
      // Ended before today: listed as current for ever, before 2026-11-30.
      [
        { frequency: 'monthly', start_date: addMonths(today, -13), end_date: addMonths(today, -1) },
        'body.end_date',
      ],
    ];
    for (const [goal, field] of cases) {
      const response = await post(goal);
      expect(response.statusCode, `${JSON.stringify(goal)}: ${response.body}`).toBe(400);
      expect(response.json().error.fields.map((item: { field: string }) => item.field)).toEqual([field]);
    }
    const listed = await testApp.app.inject({ url: '/api/v2/goals', headers: fixture.headers });
    expect(goalListResponseSchema.parse(listed.json()).data).toEqual([]);
  });

  it('creates a goal of the most periods it takes', async () => {
    const start = addMonths(sydneyToday(), -1);
    const response = await post({
      frequency: 'daily',
      start_date: start,
      end_date: addDays(start, maxGoalPeriods - 1),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(goalResponseSchema.parse(response.json()).data.current_period).toMatchObject({
      end_date: sydneyToday(),
      target_amount: '1.00',
    });
  });

  it('writes the account’s currency, and refuses a goal past the most one client may have', async () => {
    const created = await post({
      frequency: 'monthly',
      name: 'Holiday',
      end_date: addMonths(sydneyToday(), 6),
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = await testApp.database.db
      .selectFrom('goals')
      .select('currency')
      .where('id', '=', goalResponseSchema.parse(created.json()).data.id)
      .executeTakeFirstOrThrow();
    expect(row.currency).toBe('AUD');
    const { count } = await testApp.database.db
      .selectFrom('goals')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('client_id', '=', fixture.clientId)
      .executeTakeFirstOrThrow();
    const template = await testApp.database.db
      .selectFrom('goals')
      .selectAll()
      .where('client_id', '=', fixture.clientId)
      .executeTakeFirstOrThrow();
    const { id: _id, created_at: _created, ...copy } = template;
    await testApp.database.db
      .insertInto('goals')
      .values(Array.from({ length: maxGoalsPerClient - Number(count) }, () => copy))
      .execute();
    const refused = await post({
      frequency: 'monthly',
      name: 'One more',
      end_date: addMonths(sydneyToday(), 6),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.error_message).toBe(
      `The client has ${maxGoalsPerClient} goals, the most one client may have; delete one to add another`,
    );
  });
});
