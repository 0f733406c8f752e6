import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  type AdviserWithClient,
  signedInAdviserWithClient,
} from '../testing/signed-in-adviser-with-client.ts';

describe('the audit row of a change', () => {
  let testApp: TestApp;
  let fixture: AdviserWithClient;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  it('says who, what and from where, without the route having to pass the address', async () => {
    const db = testApp.database.db;
    const transaction = await db
      .selectFrom('transactions')
      .select('id')
      .where('client_id', '=', fixture.clientId)
      .executeTakeFirstOrThrow();
    const changed = await testApp.app.inject({
      method: 'PUT',
      url: `/api/v2/transactions/${transaction.id}`,
      headers: fixture.headers,
      remoteAddress: '198.51.100.4',
      payload: { budget_category: 'one_off', memo: 'audited' },
    });
    expect(changed.statusCode).toBe(200);
    const row = await db
      .selectFrom('audit_log')
      .select(['actor_kind', 'actor_id', 'action', 'target_id', 'client_id', 'ip'])
      .where('action', '=', 'transactions.update')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      actor_kind: 'admin_user',
      actor_id: fixture.adviser.adminUser.id,
      action: 'transactions.update',
      target_id: String(transaction.id),
      client_id: fixture.clientId,
      ip: '198.51.100.4',
    });
  });
});
