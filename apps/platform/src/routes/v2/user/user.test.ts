import {
  cdrConfigResponseSchema,
  userDetailsResponseSchema,
  userSummaryResponseSchema,
} from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';

describe('user details and summary, under every {p} prefix; consent config', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  it('answers the same details under api/v2, api/adviser/client and api/admin/client', async () => {
    for (const prefix of ['/api/v2', '/api/adviser/client', '/api/admin/client']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `${prefix}/user/details`,
        headers: fixture.headers,
      });
      expect(userDetailsResponseSchema.parse(response.json()).data.id).toBe(fixture.clientId);
    }
  });

  it('updates details and validates the mobile number', async () => {
    const ok = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v2/user/details',
      headers: fixture.headers,
      payload: { given_name: 'Renamed', mobile_number: '+61 412 345 678' },
    });
    expect(ok.json().data).toMatchObject({ given_name: 'Renamed', mobile_number: '+61 412 345 678' });
    const bad = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v2/user/details',
      headers: fixture.headers,
      payload: { mobile_number: 'call me' },
    });
    expect(bad.json().error.fields[0].field).toBe('body.mobile_number');
    // A change that names nothing writes nothing (before 2026-11-30, `updated_at` and an audit row).
    const auditRows = () =>
      testApp.database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
    const before = await auditRows();
    const empty = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v2/user/details',
      headers: fixture.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields[0].field).toBe('body.given_name');
    expect(await auditRows()).toEqual(before);
  });

  it('summarises the client', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/user/summary',
      headers: fixture.headers,
    });
    expect(userSummaryResponseSchema.parse(response.json()).data).toMatchObject({
      transactions_count: 10,
      first_transaction_date: '2025-09-30',
      last_transaction_date: '2025-11-02',
    });
  });

  it('answers the consent configuration, at most 12 months', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/config/cdr',
      headers: { host: 'moneypartner.localhost' },
    });
    const config = cdrConfigResponseSchema.parse(response.json()).data;
    expect(Math.max(...config.sharing_durations.map((option) => option.duration))).toBe(12 * 30 * 86_400);
    const byId = await testApp.app.inject({
      method: 'GET',
      url: `/api/v2/config/cdr/${config.external_id}`,
      headers: { host: 'moneypartner.localhost' },
    });
    expect(byId.statusCode).toBe(200);
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/v2/config/cdr/nope',
          headers: { host: 'moneypartner.localhost' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
