import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';
import { writeTestClient } from '../testing/write-test-client.ts';

type Fixture = Awaited<ReturnType<typeof signedInAdviserWithClient>>;

describe('the client list total', () => {
  let testApp: TestApp;
  let fixture: Fixture;
  let other: Fixture;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
    other = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  // The whole list reads the maintained per-practice count; a search matching everyone counts rows.
  const totals = async () => {
    const list = await testApp.app.inject({
      url: '/api/adviser/users?size=1',
      headers: fixture.adviser.headers,
    });
    const searched = await testApp.app.inject({
      url: '/api/adviser/users?size=1&search=%40',
      headers: fixture.adviser.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const total = list.json().paging.total as number;
    expect(searched.json().paging.total).toBe(total);
    return total;
  };
  const addClient = () =>
    writeTestClient(testApp.app.database.db, {
      tenantId: fixture.adviser.adminUser.tenant_id,
      partyId: fixture.partyId,
      adviserId: fixture.adviser.adminUser.id,
      consent: { status: 'active', start: '2026-06-01', expiry: '2027-05-31' },
    });

  it('follows clients linked, unlinked and deleted, and counts only the practice’s own', async () => {
    expect(await totals()).toBe(1);
    const second = await addClient();
    const third = await addClient();
    expect(await totals()).toBe(3);

    const db = testApp.app.database.db;
    await db.deleteFrom('clients').where('id', '=', second.clientId).execute();
    expect(await totals()).toBe(2);
    await db
      .updateTable('client_links')
      .set({ external_party_id: other.partyId })
      .where('client_id', '=', third.clientId)
      .execute();
    expect(await totals()).toBe(1);
    await db.deleteFrom('client_links').where('client_id', '=', fixture.clientId).execute();
    expect(await totals()).toBe(0);
    const others = await testApp.app.inject({ url: '/api/adviser/users', headers: other.adviser.headers });
    expect(others.json().paging.total).toBe(2);
  });
});
