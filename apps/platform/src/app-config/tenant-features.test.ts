import type { FeatureKey } from '@waratah/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser, tenantHost } from '../testing/sign-in.ts';
import {
  type AdviserWithClient,
  signedInAdviserWithClient,
} from '../testing/signed-in-adviser-with-client.ts';

/** What the portal hides when a feature is off, the platform refuses (before 2026-11-30 only the portal hid it). */
describe('feature switches, on the platform', () => {
  let testApp: TestApp;
  let fixture: AdviserWithClient;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  /** Turns features of the fixture's tenant off in its app config (none: as it was seeded). */
  let seeded: { environment: string; platform_key: string; features: unknown }[] = [];
  const switchOff = async (off: readonly FeatureKey[]) => {
    if (seeded.length === 0)
      seeded = await testApp.database.db
        .selectFrom('app_configs')
        .select(['environment', 'platform_key', 'features'])
        .where('tenant_id', '=', 'moneypartner')
        .execute();
    for (const row of seeded) {
      const features = (row.features as { key: string; enabled: boolean }[]).map((feature) => ({
        ...feature,
        enabled: feature.enabled && !off.includes(feature.key as FeatureKey),
      }));
      await testApp.database.db
        .updateTable('app_configs')
        .set({ features: JSON.stringify(features) })
        .where('tenant_id', '=', 'moneypartner')
        .where('environment', '=', row.environment)
        .where('platform_key', '=', row.platform_key)
        .execute();
    }
  };
  const call = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers = fixture.headers,
  ) => testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const withParty = () => ({ ...fixture.headers, 'x-external-party-id': String(fixture.partyId) });
  const goal = {
    name: 'Car',
    account_id: 0,
    tracking_type: 'credit',
    frequency: 'monthly',
    target: 'amount',
    target_amount: '5000.00',
    period_amount: '250.00',
    start_date: '2026-01-01',
  };

  it('refuses an adviser what the tenant has turned off, and allows it once on', async () => {
    await switchOff([
      'goals',
      'transaction_categorisation',
      'invite_clients',
      'unlink_user_from_ta',
      'ta_register',
    ]);
    try {
      const db = testApp.database.db;
      const auditOfClient = () =>
        db.selectFrom('audit_log').select('id').where('client_id', '=', fixture.clientId).execute();
      const auditBefore = await auditOfClient();
      const registering = await createSignedInAdminUser(testApp.app, { externalPartyStatus: null });
      const refused = [
        await call('POST', '/api/v2/goals', { ...goal, account_id: fixture.accountIds[0] }),
        await call('PUT', '/api/v2/transactions/bulk', {
          transaction_ids: fixture.transactionIds,
          included: false,
        }),
        // One transaction at a time, and its tags: the same change (before 2026-11-30, 200).
        await call('PUT', `/api/v2/transactions/${fixture.transactionIds[0]}`, {
          budget_category: 'living',
          included: false,
        }),
        await call('POST', '/api/v2/transactions/tags', {
          transaction_ids: fixture.transactionIds,
          tags: ['refused'],
        }),
        await call('DELETE', '/api/v2/transactions/tags', {
          transaction_ids: fixture.transactionIds,
          tags: ['refused'],
        }),
        await call('POST', '/api/admin/user/invite', {
          email: 'not.invited@example.test',
          given_name: 'Not',
          family_name: 'Invited',
        }),
        await call('DELETE', `/api/adviser/users/${fixture.clientId}`, undefined, withParty()),
        await testApp.app.inject({
          method: 'POST',
          url: '/api/admin/adminusers/register',
          headers: { host: tenantHost('moneypartner') },
          payload: {
            email: 'not.registered@example.test',
            given_name: 'Not',
            family_name: 'Registered',
            terms_accepted: true,
          },
        }),
        // The registration's last step (before 2026-12-03 a practice was submitted for review).
        await testApp.app.inject({
          method: 'POST',
          url: '/api/adviser/parties/external',
          headers: registering.headers,
          payload: {
            name: 'Not Registered Pty Ltd',
            abn: '51 824 753 556',
            address: { line1: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
            phone: '02 9000 0000',
          },
        }),
      ];
      expect(refused.map((response) => response.statusCode)).toEqual([
        403, 403, 403, 403, 403, 403, 403, 403, 403,
      ]);
      expect(
        await db
          .selectFrom('admin_users')
          .select('external_party_id')
          .where('id', '=', registering.adminUser.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ external_party_id: null });
      // Refused before the access check: no audit row of a read or a change of the client's data.
      expect(await auditOfClient()).toEqual(auditBefore);
      expect(
        await db
          .selectFrom('transactions')
          .select('id')
          .where('id', 'in', fixture.transactionIds)
          .where((eb) => eb.or([eb('included', '=', false), sql<boolean>`tags ? 'refused'`]))
          .execute(),
      ).toEqual([]);
      expect(refused[0]?.json().error).toEqual({
        error_code: 'F0204',
        error_type: 'feature_off',
        error_message: 'Adding a goal needs the goals feature, which is off for this portal',
      });
      // Every refusal of a switched-off feature has that code, which the portal tells apart.
      for (const response of refused) expect(response.json().error.error_code).toBe('F0204');
      // Nothing was written.
      expect(
        await db.selectFrom('goals').select('id').where('client_id', '=', fixture.clientId).execute(),
      ).toEqual([]);
      expect(
        await db.selectFrom('clients').select('id').where('email', '=', 'not.invited@example.test').execute(),
      ).toEqual([]);
      expect(
        await db.selectFrom('client_links').select('id').where('client_id', '=', fixture.clientId).execute(),
      ).toHaveLength(1);
    } finally {
      await switchOff([]);
    }
    expect(
      (await call('POST', '/api/v2/goals', { ...goal, account_id: fixture.accountIds[0] })).statusCode,
    ).toBe(201);
  });
});
