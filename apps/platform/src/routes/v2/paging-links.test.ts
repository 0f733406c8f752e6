import { managedUserListResponseSchema, transactionListResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { liveTestConsent } from '../../testing/live-test-consent.ts';
import { signedInAdviserWithClient } from '../../testing/signed-in-adviser-with-client.ts';
import { writeTestClient } from '../../testing/write-test-client.ts';
import { queryText } from './paging-links.ts';

/**
 * Reference §1: a page's `paging` carries `previous` and `next`, the URLs of the pages around it,
 * each dropped at its end of the list. Before 2026-12-03 only the cursors and the total were answered.
 */
describe('paging links', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
    const [account] = fixture.accountIds;
    // 150 rows a filter picks out from the client's others, on days long past (any date will do).
    await testApp.database.db
      .insertInto('transactions')
      .values(
        Array.from({ length: 150 }, (_, index) => ({
          tenant_id: fixture.adviser.adminUser.tenant_id,
          client_id: fixture.clientId,
          account_id: account ?? 0,
          amount: '-1.00',
          base_type: 'debit' as const,
          transaction_date: `2021-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
          description_original: `PAGED ${index}`,
          budget_category: 'living' as const,
        })),
      )
      .execute();
    for (const index of [1, 2]) {
      await writeTestClient(testApp.database.db, {
        tenantId: fixture.adviser.adminUser.tenant_id,
        partyId: fixture.partyId,
        adviserId: fixture.adviser.adminUser.id,
        email: `paged${index}@example.test`,
        consent: liveTestConsent('active'),
      });
    }
  });
  afterAll(() => testApp.close());

  const get = async (url: string, headers: Record<string, string> = fixture.headers) => {
    const response = await testApp.app.inject({ url, headers });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };

  it('links a transactions page to the pages around it, with the filter kept and no link past either end', async () => {
    const first = transactionListResponseSchema.parse(
      await get('/api/v2/transactions?search_term=PAGED&size=100&ignored=1'),
    );
    expect(first.data).toHaveLength(100);
    expect(first.paging.total).toBe(150);
    expect(first.paging.previous).toBeUndefined();
    // Relative, the validated query in the contract's order, a field the contract does not name left out.
    expect(first.paging.next).toBe(
      `/api/v2/transactions?search_term=PAGED&size=100&after=${first.paging.cursors.after}`,
    );

    const second = transactionListResponseSchema.parse(await get(first.paging.next ?? ''));
    expect(second.data).toHaveLength(50);
    expect(second.paging.next).toBeUndefined();
    const ids = [...first.data, ...second.data].map((row) => row.id);
    expect(new Set(ids).size).toBe(150);
    expect(second.data.every((row) => row.description.original.startsWith('PAGED'))).toBe(true);

    expect(second.paging.previous).toBe(
      `/api/v2/transactions?search_term=PAGED&size=100&before=${second.paging.cursors.before}`,
    );
    const back = transactionListResponseSchema.parse(await get(second.paging.previous ?? ''));
    expect(back.data.map((row) => row.id)).toEqual(first.data.map((row) => row.id));
  });

  it('answers the same relative links to a kept page asked for through another host', async () => {
    const url = '/api/v2/transactions?search_term=PAGED&size=100';
    const once = await get(url);
    const again = await get(url, { ...fixture.headers, host: 'elsewhere.example.test' });
    expect(again.paging).toEqual(once.paging);
    expect(again.paging.next).toMatch(/^\/api\/v2\/transactions\?/);
  });

  it('links the pages of the client lists, page numbers turned into cursors', async () => {
    for (const family of ['adviser', 'admin']) {
      const first = managedUserListResponseSchema.parse(
        await get(`/api/${family}/users?size=2&sort=email&page=1`, fixture.adviser.headers),
      );
      expect(first.paging.total).toBe(3);
      expect(first.paging.previous).toBeUndefined();
      expect(first.paging.next).toBe(`/api/${family}/users?size=2&sort=email&order=asc&after=2`);
      const last = managedUserListResponseSchema.parse(
        await get(first.paging.next ?? '', fixture.adviser.headers),
      );
      expect(last.data).toHaveLength(1);
      expect(last.paging.next).toBeUndefined();
      expect(last.paging.previous).toBe(`/api/${family}/users?size=2&sort=email&order=asc&before=0`);
      const back = managedUserListResponseSchema.parse(
        await get(last.paging.previous ?? '', fixture.adviser.headers),
      );
      expect(back.data.map((user) => user.id)).toEqual(first.data.map((user) => user.id));
    }
  });
});

describe('queryText', () => {
  it('writes a query’s texts, numbers, flags and lists, and refuses a value it would have to leave out', () => {
    expect(queryText('search_term', 'rent, bond')).toBe('rent, bond');
    expect(queryText('size', 100)).toBe('100');
    expect(queryText('transaction_included', false)).toBe('false');
    expect(queryText('tags', ['a', 'b c'])).toBe('a,b c');
    expect(queryText('from_date', undefined)).toBeUndefined();
    // Before, dropped: the next page's link would have gone to the list without that filter.
    expect(() => queryText('from_date', new Date(0))).toThrow(/from_date/);
    expect(() => queryText('tags', [{ name: 'a' }])).toThrow(/tags/);
  });
});
