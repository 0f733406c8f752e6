import {
  accountListResponseSchema,
  accountResponseSchema,
  providerAccountListResponseSchema,
} from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';

describe('accounts and provider accounts', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: fixture.headers, ...(payload ? { payload } : {}) });

  it('lists the client’s accounts with money as decimal strings', async () => {
    const response = await call('GET', '/api/v2/accounts');
    expect(response.statusCode).toBe(200);
    const { data } = accountListResponseSchema.parse(response.json());
    expect(data.map((account) => account.account_name)).toEqual(['Everyday', 'Card']);
    expect(data[0]?.current_balance).toEqual({ amount: '1500.00', currency: 'AUD' });
    expect(data[1]?.refresh_status).toMatchObject({
      status: 'needs_action',
      sub_status: 'relogin_required',
      additional_status: 'invalid_credentials',
    });
  });

  it('updates included, hidden and nick name', async () => {
    const id = fixture.accountIds[0];
    const response = await call('PUT', `/api/v2/accounts/${id}`, { hidden: true, nick_name: 'Bills' });
    expect(response.statusCode).toBe(200);
    expect(accountResponseSchema.parse(response.json()).data).toMatchObject({
      hidden: true,
      nick_name: 'Bills',
      included: true,
    });
  });

  it('answers 404 for another client’s account and 400 naming a bad field', async () => {
    expect((await call('GET', '/api/v2/accounts/999999')).statusCode).toBe(404);
    const bad = await call('PUT', `/api/v2/accounts/${fixture.accountIds[0]}`, { hidden: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('body.hidden');
  });

  // Reference §2's other update fields: before 2026-12-03 dropped, and the account answered 200 unchanged.
  it('refuses by name the reference’s update fields it cannot honour, changing nothing', async () => {
    const id = fixture.accountIds[1];
    const before = (await call('GET', `/api/v2/accounts/${id}`)).json().data;
    for (const [field, value] of [
      ['favourite', true],
      ['account_type', 'savings'],
      ['product_id', 7],
    ] as const) {
      const refused = await call('PUT', `/api/v2/accounts/${id}`, { hidden: !before.hidden, [field]: value });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().error.fields, field).toEqual([
        { field: `body.${field}`, message: expect.stringMatching(/^is not supported: /) },
      ]);
    }
    expect((await call('GET', `/api/v2/accounts/${id}`)).json().data).toEqual(before);
    // No account is a favourite here: saying so is what is done.
    const unmarked = await call('PUT', `/api/v2/accounts/${id}`, { hidden: before.hidden, favourite: false });
    expect(unmarked.statusCode).toBe(200);
  });

  it('lists and deletes provider accounts with their accounts', async () => {
    const list = providerAccountListResponseSchema.parse(
      (await call('GET', '/api/v2/provideraccounts')).json(),
    ).data;
    expect(list.map((connection) => connection.provider_name)).toEqual(['Westpac', 'ANZ']);
    const anz = list[1]?.id;
    expect((await call('DELETE', `/api/v2/provideraccounts/${anz}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/v2/provideraccounts/${anz}`)).statusCode).toBe(404);
    const accounts = accountListResponseSchema.parse((await call('GET', '/api/v2/accounts')).json()).data;
    expect(accounts.map((account) => account.account_name)).toEqual(['Everyday']);
  });

  it('lists providers, outages first, filtered by name and status', async () => {
    const all = (await call('GET', '/api/v2/providers')).json().data as { name: string; status: string }[];
    expect(all[0]?.status).toBe('outage');
    const filtered = (await call('GET', '/api/v2/providers?name=bank&status=supported')).json().data as {
      name: string;
    }[];
    expect(filtered.map((provider) => provider.name)).toContain('Commonwealth Bank');
    expect(filtered.every((provider) => /bank/i.test(provider.name))).toBe(true);
  });
});
