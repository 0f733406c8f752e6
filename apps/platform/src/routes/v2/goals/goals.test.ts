import { goalListResponseSchema, goalResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { sampleFinances } from '../../../testing/sample-finances.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';
import { writeTestClient } from '../../../testing/write-test-client.ts';

describe('goals', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: fixture.headers, ...(payload ? { payload } : {}) });

  it('creates goals validated per target type, lists by status group and deletes', async () => {
    const accountId = fixture.accountIds[0];
    const missing = await call('POST', '/api/v2/goals', {
      name: 'Car',
      account_id: accountId,
      tracking_type: 'credit',
      frequency: 'monthly',
      target: 'date',
      target_amount: '5000.00',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.map((field: { field: string }) => field.field)).toEqual([
      'body.end_date',
    ]);

    const created = await call('POST', '/api/v2/goals', {
      name: 'Car',
      account_id: accountId,
      tracking_type: 'credit',
      frequency: 'monthly',
      target: 'amount',
      target_amount: '5000.00',
      period_amount: '250.00',
      start_date: '2026-01-01',
    });
    expect(created.statusCode).toBe(201);
    const goal = goalResponseSchema.parse(created.json()).data;
    expect(goal).toMatchObject({
      status: 'active',
      target_amount: '5000.00',
      period_amount: '250.00',
      current_amount: '0.00',
    });

    const current = goalListResponseSchema.parse(
      (await call('GET', '/api/v2/goals?status=current')).json(),
    ).data;
    expect(current.map((item) => item.id)).toEqual([goal.id]);
    expect(
      goalListResponseSchema.parse((await call('GET', '/api/v2/goals?status=previous')).json()).data,
    ).toEqual([]);
    expect((await call('DELETE', `/api/v2/goals/${goal.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v2/goals/${goal.id}`)).statusCode).toBe(404);
  });

  it('answers the latest period of a goal with periods', async () => {
    const { clientId } = await writeTestClient(testApp.database.db, {
      tenantId: 'moneypartner',
      partyId: fixture.partyId,
      adviserId: fixture.adviser.adminUser.id,
      finances: {
        ...sampleFinances(),
        goals: [
          {
            name: 'Holiday',
            account: 0,
            target: 'amount',
            frequency: 'monthly',
            status: 'active',
            startDate: '2026-08-01',
            endDate: '2027-08-01',
            targetCents: 500_000,
            periodCents: 40_000,
            currentCents: 150_000,
          },
        ],
      },
    });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/goals?status=in_progress',
      headers: { ...fixture.adviser.headers, 'x-user-id': String(clientId) },
    });
    const [goal] = goalListResponseSchema.parse(response.json()).data;
    expect(goal).toMatchObject({ name: 'Holiday', periods_count: 4, current_amount: '1500.00' });
    expect(goal?.current_period).toMatchObject({
      index: 3,
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      target_amount: '400.00',
      current_amount: '320.00',
      tracking_status: 'below',
    });
  });

  it('creates the periods of a new goal with it', async () => {
    const created = await call('POST', '/api/v2/goals', {
      name: 'Deposit',
      account_id: fixture.accountIds[0],
      tracking_type: 'credit',
      frequency: 'fortnightly',
      target: 'amount',
      target_amount: '20000.00',
      period_amount: '400.50',
      start_date: '2099-03-02',
    });
    expect(created.statusCode).toBe(201);
    expect(goalResponseSchema.parse(created.json()).data).toMatchObject({
      status: 'unstarted',
      periods_count: 1,
      current_period: {
        index: 0,
        start_date: '2099-03-02',
        end_date: '2099-03-15',
        target_amount: '400.50',
        current_amount: '0.00',
        tracking_status: 'below',
      },
    });
  });

  it('names the field of an amount or date that cannot be a goal', async () => {
    const response = await call('POST', '/api/v2/goals', {
      name: 'Nothing',
      account_id: fixture.accountIds[0],
      tracking_type: 'credit',
      frequency: 'monthly',
      target: 'amount',
      target_amount: '0.00',
      period_amount: '-5.00',
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .error.fields.map((field: { field: string }) => field.field)
        .sort(),
    ).toEqual(['body.period_amount', 'body.target_amount']);
    const past = await call('POST', '/api/v2/goals', {
      name: 'Late',
      account_id: fixture.accountIds[0],
      tracking_type: 'credit',
      frequency: 'monthly',
      target: 'date',
      target_amount: '100.00',
      end_date: '2000-01-01',
    });
    expect(past.json().error.fields[0].field).toBe('body.end_date');
    const goals = goalListResponseSchema.parse((await call('GET', '/api/v2/goals?status=all')).json()).data;
    expect(goals.map((goal) => goal.name)).not.toContain('Late');
  });

  it('refuses an account that is not the client’s', async () => {
    const response = await call('POST', '/api/v2/goals', {
      name: 'X',
      account_id: 999999,
      tracking_type: 'credit',
      frequency: 'weekly',
      target: 'open_ended',
      period_amount: '10.00',
      end_date: '2099-01-01',
    });
    expect(response.json().error.fields[0].field).toBe('body.account_id');
  });
});
