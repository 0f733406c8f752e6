import { transactionListResponseSchema, transactionSummaryResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';

describe('transactions', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: fixture.headers, ...(payload ? { payload } : {}) });
  const list = async (query: string) => {
    const response = await call('GET', `/api/v2/transactions?${query}`);
    expect(response.statusCode).toBe(200);
    return transactionListResponseSchema.parse(response.json());
  };

  it('totals the whole filter on a page with no row, counted or from the monthly totals', async () => {
    const pastTheOldest = 'after=1900-01-01_1';
    expect(await list(`size=5&${pastTheOldest}`)).toMatchObject({ data: [], paging: { total: 10 } });
    expect(await list(`size=5&${pastTheOldest}&base_type=credit`)).toMatchObject({ paging: { total: 4 } });
    expect(await list(`size=5&${pastTheOldest}&min_amount=-50.00&max_amount=-15`)).toMatchObject({
      data: [],
      paging: { total: 5 },
    });
    expect(await list('size=5&search_term=nothing-like-this')).toMatchObject({
      data: [],
      paging: { total: 0 },
    });
  });

  it('pages newest first with cursors that are stable and complete, both ways', async () => {
    const all = await list('size=500');
    expect(all.paging.total).toBe(10);
    expect(all.data.map((tx) => tx.transaction_date)).toEqual(
      [...all.data.map((tx) => tx.transaction_date)].sort().reverse(),
    );
    const seen: number[] = [];
    let page = await list('size=3');
    seen.push(...page.data.map((tx) => tx.id));
    while (page.paging.cursors.after) {
      page = await list(`size=3&after=${page.paging.cursors.after}`);
      seen.push(...page.data.map((tx) => tx.id));
    }
    expect(seen).toEqual(all.data.map((tx) => tx.id));
    const back = await list(`size=3&before=${page.paging.cursors.before}`);
    expect(back.data.map((tx) => tx.id)).toEqual(all.data.slice(6, 9).map((tx) => tx.id));
  });

  it('filters by account, dates, category, budget, direction, amount and text', async () => {
    const [everyday, card] = fixture.accountIds;
    expect((await list(`account_ids=${card}`)).paging.total).toBe(2);
    expect(
      (await list(`account_ids=${everyday},${card}&from_date=2025-10-01&to_date=2025-10-31`)).paging.total,
    ).toBe(6);
    expect((await list('transaction_category_ids=1')).paging.total).toBe(3);
    expect((await list('budget_category=lifestyle')).paging.total).toBe(3);
    expect((await list('base_type=credit')).paging.total).toBe(4);
    expect((await list('min_amount=-50.00&max_amount=-15')).data.map((tx) => tx.amount.amount)).toEqual([
      '-30.00',
      '-15.00',
      '-50.00',
      '-19.99',
      '-42.50',
    ]);
    expect((await list('search_term=woolw')).data[0]?.description.original).toBe('WOOLWORTHS 1234');
  });

  it('refuses a bad cursor and an oversized page by field', async () => {
    const cursor = await call('GET', '/api/v2/transactions?after=nonsense');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.fields[0].field).toBe('querystring.after');
    // Shaped like a cursor, but no day or no id the database holds (before 2026-11-30, 500).
    for (const query of ['after=2026-02-30_1', 'before=2026-01-01_9999999999', 'after=0000-01-01_1']) {
      const refused = await call('GET', `/api/v2/transactions?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.fields[0].field).toBe(`querystring.${query.split('=')[0]}`);
    }
    expect((await call('GET', '/api/v2/transactions?size=501')).json().error.fields[0].field).toBe(
      'querystring.size',
    );
  });

  it('sums exactly, by Sydney month across the daylight-saving change and month ends', async () => {
    const response = await call(
      'GET',
      `/api/v2/transactions/summary?period=monthly&account_ids=${fixture.accountIds[0]}`,
    );
    const { data } = transactionSummaryResponseSchema.parse(response.json());
    expect(data).toMatchObject({ count: 8, sum: '6872.51' });
    expect(data.months).toEqual([
      { month: '2025-09', count: 1, sum: '3000.00' },
      { month: '2025-10', count: 6, sum: '3887.51' },
      { month: '2025-11', count: 1, sum: '-15.00' },
    ]);
  });

  it('recategorises one transaction and annotates it', async () => {
    const id = fixture.transactionIds[1];
    const response = await call('PUT', `/api/v2/transactions/${id}`, {
      budget_category: 'lifestyle',
      category_id: 20,
      memo: 'Party',
      user_description: 'Snacks',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      budget_category: 'lifestyle',
      category: { id: 20 },
      memo: 'Party',
      description: { user: 'Snacks' },
    });
    expect(
      (await call('PUT', `/api/v2/transactions/${id}`, { budget_category: 'living', category_id: 12345 }))
        .statusCode,
    ).toBe(400);
    // A blank description or memo clears it: the holder's description is the title again.
    const cleared = await call('PUT', `/api/v2/transactions/${id}`, {
      budget_category: 'lifestyle',
      memo: '',
      user_description: '   ',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ memo: null, description: { user: null } });
  });

  it('changes many transactions in bulk, or none when one id is not the client’s', async () => {
    const ids = fixture.transactionIds.slice(0, 2);
    const bad = await call('PUT', '/api/v2/transactions/bulk', {
      transaction_ids: [...ids, 999999],
      budget_category: 'one_off',
      included: false,
    });
    expect(bad.statusCode).toBe(404);
    expect((await list('transaction_included=false')).paging.total).toBe(0);
    const ok = await call('PUT', '/api/v2/transactions/bulk', {
      transaction_ids: ids,
      budget_category: 'one_off',
      included: false,
    });
    expect(ok.json().data.transaction_ids).toEqual(ids);
    expect((await list('transaction_included=false')).paging.total).toBe(2);
  });

  it('adds tags once and removes them', async () => {
    const ids = fixture.transactionIds.slice(2, 4);
    await call('POST', '/api/v2/transactions/tags', { transaction_ids: ids, tags: ['tax', 'review'] });
    await call('POST', '/api/v2/transactions/tags', { transaction_ids: ids, tags: ['tax'] });
    expect((await call('GET', `/api/v2/transactions/${ids[0]}`)).json().data.user_tags).toEqual([
      'tax',
      'review',
    ]);
    await call('DELETE', '/api/v2/transactions/tags', { transaction_ids: ids, tags: ['tax'] });
    expect((await call('GET', `/api/v2/transactions/${ids[1]}`)).json().data.user_tags).toEqual(['review']);
  });

  it('keeps at most 50 tags on a transaction, refusing the call that would pass it whole', async () => {
    const ids = fixture.transactionIds.slice(4, 6);
    const tagsFrom = (start: number) => Array.from({ length: 20 }, (_, index) => `t${start + index}`);
    for (const start of [0, 20]) {
      expect(
        (await call('POST', '/api/v2/transactions/tags', { transaction_ids: ids, tags: tagsFrom(start) }))
          .statusCode,
      ).toBe(200);
    }
    // 40 each; 20 more would be 60. Before 2026-11-30 there was no limit.
    const over = await call('POST', '/api/v2/transactions/tags', {
      transaction_ids: ids,
      tags: tagsFrom(40),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields[0].field).toBe('body.tags');
    expect((await call('GET', `/api/v2/transactions/${ids[1]}`)).json().data.user_tags).toHaveLength(40);
    const upTo = await call('POST', '/api/v2/transactions/tags', {
      transaction_ids: ids,
      tags: tagsFrom(40).slice(0, 10),
    });
    expect(upTo.statusCode).toBe(200);
    await call('DELETE', '/api/v2/transactions/tags', {
      transaction_ids: ids,
      tags: [...tagsFrom(0), ...tagsFrom(20)].slice(0, 20),
    });
    // A row tagged past the limit before there was one: its tags can still go, and one it holds
    // be added again; only a new one is refused.
    const crowded = ids[0] ?? 0;
    const sixty = Array.from({ length: 60 }, (_, index) => `old${index}`);
    await testApp.database.db
      .updateTable('transactions')
      .set({ tags: JSON.stringify(sixty) })
      .where('id', '=', crowded)
      .execute();
    const tagsCall = (method: 'POST' | 'DELETE', tags: string[]) =>
      call(method, '/api/v2/transactions/tags', { transaction_ids: [crowded], tags });
    expect((await tagsCall('DELETE', sixty.slice(0, 5))).statusCode).toBe(200);
    expect((await tagsCall('POST', ['old10'])).statusCode).toBe(200);
    expect((await tagsCall('POST', ['brand-new'])).statusCode).toBe(400);
    expect((await call('GET', `/api/v2/transactions/${crowded}`)).json().data.user_tags).toHaveLength(55);
  });

  it('filters by tags, any one of them exactly, listed, counted and summed (reference §5)', async () => {
    const own = await signedInAdviserWithClient(testApp.app);
    const get = async (url: string) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: own.headers });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };
    const [first, second, third] = own.transactionIds;
    const tag = async (ids: (number | undefined)[], tags: string[]) =>
      expect(
        (
          await testApp.app.inject({
            method: 'POST',
            url: '/api/v2/transactions/tags',
            headers: own.headers,
            payload: { transaction_ids: ids, tags },
          })
        ).statusCode,
      ).toBe(200);
    await tag([first, second], ['tax']);
    await tag([third], ['review', 'tax deductible']);
    const ids = async (query: string) =>
      ((await get(`/api/v2/transactions?${query}`)).data as { id: number }[]).map((tx) => tx.id).sort();
    // Before 2026-12-03 the filter was dropped without a word and every transaction matched.
    expect(await ids('tags=tax')).toEqual([first, second].sort());
    expect(await ids('tags=review,tax')).toEqual([first, second, third].sort());
    expect(await ids('tags=%20tax%20deductible%20')).toEqual([third]);
    expect(await ids('tags=Tax,tax%20')).toEqual([first, second].sort());
    expect((await get('/api/v2/transactions?tags=taxes')).paging.total).toBe(0);
    expect((await get('/api/v2/transactions?tags=review,tax')).paging.total).toBe(3);
    // Whole months would read the monthly totals, which know nothing of tags.
    const summary = transactionSummaryResponseSchema.parse(
      await get('/api/v2/transactions/summary?from_date=2000-01-01&to_date=2099-12-31&tags=tax'),
    ).data;
    const amounts = await testApp.database.db
      .selectFrom('transactions')
      .select('amount')
      .where('id', 'in', [first ?? 0, second ?? 0])
      .execute();
    expect(summary.count).toBe(2);
    expect(Number(summary.sum).toFixed(2)).toBe(
      amounts.reduce((total, row) => total + Number(row.amount), 0).toFixed(2),
    );
  });

  it('refuses a comma in a new tag, an empty or oversized tag list, and still removes an old tag with one', async () => {
    const [tagged] = fixture.transactionIds.slice(6, 7);
    const withComma = await call('POST', '/api/v2/transactions/tags', {
      transaction_ids: [tagged],
      tags: ['rent, shared'],
    });
    expect(withComma.statusCode).toBe(400);
    expect(withComma.json().error.fields[0]).toMatchObject({
      field: 'body.tags.0',
      message: 'must not contain a comma',
    });
    for (const query of [
      'tags=',
      'tags=tax,,review',
      `tags=${'x'.repeat(51)}`,
      `tags=${Array(21).fill('t').join(',')}`,
    ]) {
      const refused = await call('GET', `/api/v2/transactions?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.fields[0].field, query).toMatch(/^querystring\.tags/);
    }
    await testApp.database.db
      .updateTable('transactions')
      .set({ tags: JSON.stringify(['rent, shared', 'home']) })
      .where('id', '=', tagged ?? 0)
      .execute();
    expect(
      (
        await call('DELETE', '/api/v2/transactions/tags', {
          transaction_ids: [tagged],
          tags: ['rent, shared'],
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/v2/transactions/${tagged}`)).json().data.user_tags).toEqual(['home']);
  });

  it('refuses by name the reference’s filters and flags it cannot honour, changing nothing', async () => {
    // Before 2026-12-03 each was dropped without a word: a merchant, bill or goal filter answered
    // every transaction, and "apply to all similar" changed the one transaction only.
    for (const name of ['merchant_ids=1', 'bill_id=1', 'goal_id=1']) {
      for (const path of ['/api/v2/transactions', '/api/v2/transactions/summary']) {
        const refused = await call('GET', `${path}?${name}`);
        expect(refused.statusCode, `${path} ${name}`).toBe(400);
        expect(refused.json().error.fields[0]).toMatchObject({
          field: `querystring.${name.split('=')[0]}`,
          message: expect.stringMatching(/^is not supported: /),
        });
      }
    }
    const [id] = fixture.transactionIds.slice(7, 8);
    const before = (await call('GET', `/api/v2/transactions/${id}`)).json().data;
    for (const flag of ['recategorise_all', 'budget_apply_all', 'include_apply_all']) {
      const refused = await call('PUT', `/api/v2/transactions/${id}`, {
        budget_category: before.budget_category === 'one_off' ? 'living' : 'one_off',
        [flag]: true,
      });
      expect(refused.statusCode, flag).toBe(400);
      expect(refused.json().error.fields[0].field).toBe(`body.${flag}`);
    }
    expect((await call('GET', `/api/v2/transactions/${id}`)).json().data).toEqual(before);
    const onlyFlag = await call('PUT', '/api/v2/transactions/bulk', {
      transaction_ids: [id],
      recategorise_all: false,
    });
    expect(onlyFlag.statusCode).toBe(400);
    expect(onlyFlag.json().error.fields[0].field).toBe('body.budget_category');
    const asDone = await call('PUT', `/api/v2/transactions/${id}`, {
      budget_category: before.budget_category,
      memo: 'kept',
      recategorise_all: false,
      budget_apply_all: false,
      include_apply_all: false,
    });
    expect(asDone.statusCode).toBe(200);
    expect(asDone.json().data.memo).toBe('kept');
  });

  it('filters by whether the account is counted and by status, listed and summed (reference §5)', async () => {
    const own = await signedInAdviserWithClient(testApp.app);
    const get = async (url: string) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: own.headers });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };
    const [everyday, card] = own.accountIds;
    const db = testApp.database.db;
    await db
      .updateTable('accounts')
      .set({ included: false })
      .where('id', '=', card ?? 0)
      .execute();
    await db
      .updateTable('transactions')
      .set({ status: 'pending' })
      .where('id', '=', own.transactionIds[0] ?? 0)
      .execute();
    const ofAccount = (id: number | undefined) =>
      db
        .selectFrom('transactions')
        .select('id')
        .where('account_id', '=', id ?? 0)
        .execute();
    const counted = (await ofAccount(everyday)).length + (await ofAccount(card)).length;
    // Before 2026-11-30 both filters were dropped without a word, and every transaction counted.
    expect((await get('/api/v2/transactions?account_included=false')).paging.total).toBe(
      (await ofAccount(card)).length,
    );
    expect((await get('/api/v2/transactions?account_included=true')).paging.total).toBe(
      counted - (await ofAccount(card)).length,
    );
    expect(
      (await get('/api/v2/transactions?status=pending')).data.map((tx: { id: number }) => tx.id),
    ).toEqual([own.transactionIds[0]]);
    // Whole months read the monthly totals; a status, or a day inside a month, sums the rows.
    for (const range of [
      'from_date=2000-01-01&to_date=2099-12-31',
      'from_date=2000-01-02&to_date=2099-12-30',
    ]) {
      const all = transactionSummaryResponseSchema.parse(
        await get(`/api/v2/transactions/summary?${range}`),
      ).data;
      const left = transactionSummaryResponseSchema.parse(
        await get(`/api/v2/transactions/summary?${range}&account_included=false`),
      ).data;
      const kept = transactionSummaryResponseSchema.parse(
        await get(`/api/v2/transactions/summary?${range}&account_included=true`),
      ).data;
      expect(left.count, range).toBe((await ofAccount(card)).length);
      expect(kept.count + left.count).toBe(all.count);
      expect((Number(kept.sum) + Number(left.sum)).toFixed(2)).toBe(Number(all.sum).toFixed(2));
    }
    const posted = transactionSummaryResponseSchema.parse(
      await get('/api/v2/transactions/summary?from_date=2000-01-01&to_date=2099-12-31&status=posted'),
    ).data;
    expect(posted.count).toBe(counted - 1);
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/v2/transactions?status=cleared',
          headers: own.headers,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lists the categories', async () => {
    const data = (await call('GET', '/api/v2/transactions/categories')).json().data as { name: string }[];
    expect(data.length).toBeGreaterThan(10);
  });
});
