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

  // Reference §6: a period's required_amount, a goal's tracking_status and the list's tracking_status
  // filter. Before 2026-12-03 neither field was answered and the filter was dropped (every goal listed).
  it('answers what each period still requires and how each goal tracks, and filters by it', async () => {
    const goal = (name: string) => ({
      name,
      account: 0,
      target: 'amount' as const,
      frequency: 'monthly' as const,
      status: 'active' as const,
      startDate: '2026-08-01',
      endDate: '2027-08-01',
      targetCents: 500_000,
      periodCents: 40_000,
      currentCents: 150_000,
    });
    const { clientId } = await writeTestClient(testApp.database.db, {
      tenantId: 'moneypartner',
      partyId: fixture.partyId,
      adviserId: fixture.adviser.adminUser.id,
      finances: { ...sampleFinances(), goals: [goal('Ahead'), goal('Behind'), goal('Far behind')] },
    });
    const headers = { ...fixture.adviser.headers, 'x-user-id': String(clientId) };
    const db = testApp.database.db;
    const goalIds = await db
      .selectFrom('goals')
      .select(['id', 'name'])
      .where('client_id', '=', clientId)
      .execute();
    const idOf = (name: string) => goalIds.find((row) => row.name === name)?.id ?? 0;
    // Each goal's latest period as the progress job would leave it.
    const setLatest = async (name: string, target: string, current: string, tracking: string) => {
      const latest = await db
        .selectFrom('goal_periods')
        .select('id')
        .where('goal_id', '=', idOf(name))
        .orderBy('index', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('goal_periods')
        .set({ target_amount: target, current_amount: current, tracking_status: tracking })
        .where('id', '=', latest.id)
        .execute();
    };
    await setLatest('Ahead', '400.00', '450.00', 'above');
    await setLatest('Behind', '400.00', '320.00', 'below');
    // A debit_credit period may stand below 0: what it requires is held to the 12 whole digits.
    await setLatest('Far behind', '999999999999.99', '-999999999999.99', 'below');

    const list = async (query: string) => {
      const response = await testApp.app.inject({ url: `/api/v2/goals?${query}`, headers });
      expect(response.statusCode, query).toBe(200);
      return goalListResponseSchema.parse(response.json()).data;
    };
    const all = await list('status=all');
    expect(
      all.map((item) => [item.name, item.tracking_status, item.current_period?.required_amount]),
    ).toEqual([
      ['Ahead', 'above', '0.00'],
      ['Behind', 'below', '80.00'],
      ['Far behind', 'below', '999999999999.99'],
    ]);
    for (const item of all) expect(item.tracking_status).toBe(item.current_period?.tracking_status);

    expect((await list('tracking_status=above')).map((item) => item.name)).toEqual(['Ahead']);
    expect((await list('tracking_status=below')).map((item) => item.name)).toEqual(['Behind', 'Far behind']);
    expect(await list('tracking_status=equal')).toEqual([]);
    expect(await list('status=previous&tracking_status=below')).toEqual([]);
    const bad = await testApp.app.inject({ url: '/api/v2/goals?tracking_status=sideways', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('querystring.tracking_status');
  });

  it('refuses by name the reference’s image_url and metadata, adding no goal', async () => {
    for (const [field, value] of [
      ['image_url', 'https://example.test/car.png'],
      ['metadata', { colour: 'red' }],
    ] as const) {
      const refused = await call('POST', '/api/v2/goals', {
        name: `With ${field}`,
        account_id: fixture.accountIds[0],
        tracking_type: 'credit',
        frequency: 'weekly',
        target: 'open_ended',
        period_amount: '10.00',
        end_date: '2099-01-01',
        [field]: value,
      });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().error.fields, field).toEqual([
        { field: `body.${field}`, message: expect.stringMatching(/^is not supported: /) },
      ]);
    }
    const goals = goalListResponseSchema.parse((await call('GET', '/api/v2/goals?status=all')).json()).data;
    expect(goals.map((goal) => goal.name).filter((name) => name.startsWith('With '))).toEqual([]);
  });
});
