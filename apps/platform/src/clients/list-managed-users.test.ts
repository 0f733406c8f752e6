import {
  type ManagedUser,
  managedUserListResponseSchema,
  managedUserSorts,
  maxPage,
  maxPageSize,
} from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../aggregation/calendar-date.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import type { TestApp } from '../testing/build-test-app.ts';
import { liveTestConsent } from '../testing/live-test-consent.ts';
import { sampleFinances } from '../testing/sample-finances.ts';
import { createSignedInAdminUser } from '../testing/sign-in.ts';
import {
  type AdviserWithClient,
  twoAdvisersWithAClientEach,
} from '../testing/signed-in-adviser-with-client.ts';
import { writeTestClient } from '../testing/write-test-client.ts';

type Fixture = AdviserWithClient;

describe('the client list total', () => {
  let testApp: TestApp;
  let fixture: Fixture;
  let other: Fixture;

  beforeAll(async () => {
    ({ testApp, fixture, other } = await twoAdvisersWithAClientEach());
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
      consent: liveTestConsent('active'),
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
      consent: liveTestConsent('active'),
    });
    // The same name at another practice of the tenant: never in this adviser's list.
    await writeTestClient(db, {
      tenantId,
      partyId: other.partyId,
      adviserId: other.adviser.adminUser.id,
      givenName: 'Matilda',
      familyName: 'Okonkwo-Smith',
      consent: liveTestConsent('active'),
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

  it('refuses a page number past any list (400 naming it), never a 500', async () => {
    const ask = (query: string) =>
      testApp.app.inject({ url: `/api/adviser/users?${query}`, headers: fixture.adviser.headers });
    for (const query of [
      'page=100000000000000000',
      'page=9007199254740991&size=500',
      `page=${maxPage + 1}`,
      `page=${maxPage + 1}&search=paginated`,
    ]) {
      const response = await ask(query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      const fields = response.json().error.fields.map((field: { field: string }) => field.field);
      expect(new Set(fields), query).toEqual(new Set(['querystring.page']));
    }
    const last = await ask(`page=${maxPage}&size=${maxPageSize}`);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data).toEqual([]);
    // The last page's `before` cursor is one the list takes back; a cursor that is not is named as sent.
    const before = last.json().paging.cursors.before as string;
    expect((await ask(`before=${before}`)).statusCode).toBe(200);
    for (const name of ['after', 'before']) {
      const refused = await ask(`${name}=100000000000000000`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields[0].field).toBe(`querystring.${name}`);
    }
  });

  it('pages every sort and order as the whole list has it, each row as the client itself reads', async () => {
    const db = testApp.app.database.db;
    const tenantId = fixture.adviser.adminUser.tenant_id;
    const headers = fixture.adviser.headers;
    const today = sydneyToday();
    const expiries = [addDays(today, 60), null, addDays(today, 30), addDays(today, 90), null];
    for (const [index, expiry] of expiries.entries()) {
      const written = await writeTestClient(db, {
        tenantId,
        partyId: fixture.partyId,
        adviserId: fixture.adviser.adminUser.id,
        email: `sorted.${(7 * index) % 5}@example.test`,
        givenName: index % 2 ? 'Ava' : 'Zoe',
        familyName: index < 2 ? 'Same' : `Surname ${index}`,
        consent:
          expiry === null
            ? { status: 'pending', start: null, expiry: null }
            : { status: 'active', start: addDays(today, -30), expiry },
        ...(index % 2 === 0 ? { finances: sampleFinances() } : {}),
      });
      await db
        .updateTable('clients')
        .set({ created_at: new Date(Date.UTC(2026, 0, 10 - index, 8, 30, 15, 123)) })
        .where('id', '=', written.clientId)
        .execute();
    }
    const operator = await createSignedInAdminUser(testApp.app, {
      kind: 'operator',
      tenantId: 'moneypartner',
    });
    for (const [family, callerHeaders] of [
      ['adviser', headers],
      ['admin', operator.headers],
    ] as const) {
      const list = async (query: string) => {
        const response = await testApp.app.inject({
          url: `/api/${family}/users?${query}`,
          headers: callerHeaders,
        });
        expect(response.statusCode, response.body).toBe(200);
        return managedUserListResponseSchema.parse(response.json());
      };
      for (const sort of managedUserSorts) {
        for (const order of ['asc', 'desc'] as const) {
          const whole = await list(`sort=${sort}&order=${order}&size=100`);
          const paged = [];
          let after: string | undefined;
          do {
            const page = await list(`sort=${sort}&order=${order}&size=2${after ? `&after=${after}` : ''}`);
            expect(page.paging.total).toBe(whole.paging.total);
            paged.push(...page.data);
            after = page.paging.cursors.after;
          } while (after);
          expect(paged, `${family} ${sort} ${order}`).toEqual(whole.data);
          const keys = whole.data.map((user) => sortKey(user, sort));
          const sorted = [...keys].sort(compareKeys);
          expect(keys, `${family} ${sort} ${order}`).toEqual(
            order === 'asc' ? sorted : sortedDescending(keys),
          );
        }
      }
      const whole = await list('size=100');
      expect(whole.data.some((user) => user.last_refreshed !== null)).toBe(true);
      expect(whole.data.some((user) => user.needs_action_count > 0)).toBe(true);
      for (const user of whole.data) {
        const one = await testApp.app.inject({
          url: `/api/${family}/users/${user.id}`,
          headers: callerHeaders,
        });
        expect(one.json().data, `${family} client ${user.id}`).toEqual(user);
      }
    }
  });

  it('sorts and pages a practice’s invitation of another’s client by what its row shows, never the client’s own names or date', {
    timeout: 20_000,
  }, async () => {
    const db = testApp.app.database.db;
    const tenantId = fixture.adviser.adminUser.tenant_id;
    // The practice that invites (B), with a client of its own, and the practice whose clients it invites.
    const prying = await createSignedInAdminUser(testApp.app);
    const elsewhere = await createSignedInAdminUser(testApp.app);
    const clientOf = (practice: typeof prying, email: string, familyName: string) =>
      writeTestClient(db, {
        tenantId,
        partyId: practice.externalParty?.id ?? 0,
        adviserId: practice.adminUser.id,
        email,
        givenName: 'Real',
        familyName,
        consent: liveTestConsent('active'),
      });
    const own = await clientOf(prying, 'own.bravo@example.test', 'Bravo');
    // Someone else's client: the other practice's, and one who signed up and has no practice now.
    // Both joined long before anything of B's, and their names sort before every name B sees.
    const linked = await clientOf(elsewhere, 'real.aardvark@example.test', 'Aardvark');
    const signedUp = await clientOf(elsewhere, 'real.abbott@example.test', 'Abbott');
    await db.deleteFrom('client_links').where('client_id', '=', signedUp.clientId).execute();
    await db
      .updateTable('clients')
      .set({ password_hash: 'signed-up' })
      .where('id', '=', signedUp.clientId)
      .execute();
    await db
      .updateTable('clients')
      .set({ created_at: new Date(Date.UTC(2020, 0, 1)) })
      .where('id', 'in', [linked.clientId, signedUp.clientId])
      .execute();
    await db
      .updateTable('clients')
      .set({ created_at: new Date(Date.UTC(2025, 0, 1)) })
      .where('id', '=', own.clientId)
      .execute();

    const invite = async (email: string, givenName: string, familyName: string) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/user/invite',
        headers: prying.headers,
        payload: { email, given_name: givenName, family_name: familyName },
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { data: ManagedUser }).data.id;
    };
    await invite('real.aardvark@example.test', 'Yolanda', 'Yankee');
    await invite('real.abbott@example.test', 'Zed', 'Zulu');
    // An invitation of B's own, which B renames to guess where the others' real names fall.
    const dummy = await invite('dummy.guess@example.test', 'Guess', 'Mike');
    const list = async (query: string) => {
      const response = await testApp.app.inject({
        url: `/api/adviser/users?${query}`,
        headers: prying.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return managedUserListResponseSchema.parse(response.json());
    };
    const byName = await list('sort=name&size=100');
    expect(byName.data.map((user) => [user.id, user.family_name, user.status])).toEqual([
      [own.clientId, 'Bravo', 'active'],
      [dummy, 'Mike', 'invited'],
      [linked.clientId, 'Yankee', 'invited'],
      [signedUp.clientId, 'Zulu', 'invited'],
    ]);
    const invitedAt = byName.data.find((user) => user.id === linked.clientId)?.created_at ?? '';
    expect(invitedAt > '2026', invitedAt).toBe(true);

    // Before the real names (Aardvark, Abbott), between them, after them: the rows stay where what
    // they show puts them. Before 2026-12-03 they sorted by the real names and sign-up date.
    for (const guess of ['Aaa', 'Ab', 'Abz']) {
      const renamed = await testApp.app.inject({
        method: 'PUT',
        url: `/api/adviser/users/${dummy}`,
        headers: prying.headers,
        payload: { family_name: guess },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      for (const sort of managedUserSorts) {
        for (const order of ['asc', 'desc'] as const) {
          const label = `${guess} ${sort} ${order}`;
          const whole = await list(`sort=${sort}&order=${order}&size=100`);
          expect(whole.data.length, label).toBe(4);
          const keys = whole.data.map((user) => sortKey(user, sort));
          expect(keys, label).toEqual(order === 'asc' ? [...keys].sort(compareKeys) : sortedDescending(keys));
          // Paged one row at a time, forward by the `after` cursors and by page number.
          const paged = [];
          let after: string | undefined;
          do {
            const page = await list(`sort=${sort}&order=${order}&size=1${after ? `&after=${after}` : ''}`);
            paged.push(...page.data);
            after = page.paging.cursors.after;
          } while (after);
          expect(paged, label).toEqual(whole.data);
          const third = await list(`sort=${sort}&order=${order}&size=1&page=3`);
          expect(third.data, label).toEqual(whole.data.slice(2, 3));
          // Searched (every row's address matches), and filtered by consent, in the same order.
          const searched = await list(`sort=${sort}&order=${order}&size=100&search=example.test`);
          expect(searched.data, label).toEqual(whole.data);
          const pending = await list(`sort=${sort}&order=${order}&size=100&consent_status=pending`);
          expect(pending.data, label).toEqual(
            whole.data.filter((user) => user.consent?.status === 'pending'),
          );
        }
      }
    }
  });
});

/** What a sort orders by, nulls last in either order as the list has them. */
function sortKey(user: ManagedUser, sort: (typeof managedUserSorts)[number]): string | null {
  if (sort === 'name') return `${user.family_name.toLowerCase()}\u0000${user.given_name.toLowerCase()}`;
  if (sort === 'email') return user.email.toLowerCase();
  if (sort === 'created_at') return user.created_at;
  return user.consent?.expiry ?? null;
}

function compareKeys(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function sortedDescending(keys: (string | null)[]): (string | null)[] {
  const present = keys
    .filter((key) => key !== null)
    .sort(compareKeys)
    .reverse();
  return [...present, ...keys.filter((key) => key === null)];
}
