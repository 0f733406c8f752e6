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
  const addClient = (names: { givenName?: string; familyName?: string } = {}) =>
    writeTestClient(testApp.app.database.db, {
      tenantId: fixture.adviser.adminUser.tenant_id,
      partyId: fixture.partyId,
      adviserId: fixture.adviser.adminUser.id,
      consent: { status: 'active', start: '2026-06-01', expiry: '2027-05-31' },
      ...names,
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

  it('searches names across the space and e-mails, short or long, literally, only in the practice', async () => {
    const db = testApp.app.database.db;
    const tenantId = fixture.adviser.adminUser.tenant_id;
    const mine = await writeTestClient(db, {
      tenantId,
      partyId: fixture.partyId,
      adviserId: fixture.adviser.adminUser.id,
      email: 'percent.50%@example.test',
      givenName: 'Matilda',
      familyName: 'Okonkwo-Smith',
      consent: { status: 'active', start: '2026-06-01', expiry: '2027-05-31' },
    });
    // The same name at another practice of the tenant: never in this adviser's list.
    await writeTestClient(db, {
      tenantId,
      partyId: other.partyId,
      adviserId: other.adviser.adminUser.id,
      givenName: 'Matilda',
      familyName: 'Okonkwo-Smith',
      consent: { status: 'active', start: '2026-06-01', expiry: '2027-05-31' },
    });
    const search = async (term: string) => {
      const response = await testApp.app.inject({
        url: `/api/adviser/users?search=${encodeURIComponent(term)}`,
        headers: fixture.adviser.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { data: { id: number }[]; paging: { total: number } };
      expect(body.paging.total).toBe(body.data.length);
      return body.data.map(({ id }) => id);
    };
    // Three characters and more go through the trigram indexes; shorter ones are matched directly.
    expect(await search('matilda okonkwo')).toEqual([mine.clientId]);
    expect(await search('KONKWO-sm')).toEqual([mine.clientId]);
    expect(await search('0%@')).toEqual([mine.clientId]);
    expect(await search('%')).toEqual([mine.clientId]);
    expect(await search('zzz-nobody')).toEqual([]);
  });

  it('totals a search on every page, past the last one too', async () => {
    for (let index = 0; index < 3; index += 1)
      await addClient({ givenName: 'Pagey', familyName: `Paginated ${index}` });
    const page = async (number: number) => {
      const response = await testApp.app.inject({
        url: `/api/adviser/users?search=paginated&size=2&page=${number}&sort=name`,
        headers: fixture.adviser.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { data: { family_name: string }[]; paging: { total: number } };
      return { names: body.data.map((row) => row.family_name), total: body.paging.total };
    };
    expect(await page(1)).toEqual({ names: ['Paginated 0', 'Paginated 1'], total: 3 });
    expect(await page(2)).toEqual({ names: ['Paginated 2'], total: 3 });
    expect(await page(3)).toEqual({ names: [], total: 3 });
  });
});
