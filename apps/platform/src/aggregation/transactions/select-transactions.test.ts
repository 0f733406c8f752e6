import {
  type Transaction,
  transactionListResponseSchema,
  transactionResponseSchema,
} from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../../testing/signed-in-adviser-with-client.ts';

// Every field of a transaction different from every other, so that a field written from the
// wrong column (db/wire-json.ts writes them in SQL) cannot pass, and awkward text in each string.
const awkward = 'Café "Lune" \\ 5/7\n\t😀';

describe('a transaction as the wire writes it', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;
  let expected: Transaction;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
    const db = testApp.database.db;
    const category = await db
      .selectFrom('transaction_categories')
      .select(['id', 'name'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const row = await db
      .updateTable('transactions')
      .set({
        amount: '-1234.05',
        currency: 'NZD',
        base_type: 'debit',
        status: 'pending',
        transaction_date: '2026-03-04',
        post_date: '2026-03-06',
        description_original: `original ${awkward}`,
        description_simple: `simple ${awkward}`,
        description_user: `user ${awkward}`,
        merchant_name: `merchant ${awkward}`,
        category_id: category.id,
        budget_category: 'lifestyle',
        tags: JSON.stringify(['first', awkward]),
        included: false,
        memo: `memo ${awkward}`,
        external_id: `external ${awkward}`,
      })
      .where('client_id', '=', fixture.clientId)
      .where('id', '=', (eb) =>
        eb
          .selectFrom('transactions')
          .select(eb.fn.max('id').as('id'))
          .where('client_id', '=', fixture.clientId),
      )
      .returning(['id', 'account_id'])
      .executeTakeFirstOrThrow();
    expected = {
      id: row.id,
      account_id: row.account_id,
      base_type: 'debit',
      status: 'pending',
      transaction_date: '2026-03-04',
      post_date: '2026-03-06',
      amount: { amount: '-1234.05', currency: 'NZD' },
      description: { original: `original ${awkward}`, simple: `simple ${awkward}`, user: `user ${awkward}` },
      budget_category: 'lifestyle',
      category: { id: category.id, name: category.name },
      merchant: { name: `merchant ${awkward}` },
      included: false,
      memo: `memo ${awkward}`,
      user_tags: ['first', awkward],
      external_id: `external ${awkward}`,
    };
  });
  afterAll(() => testApp.close());

  const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: fixture.headers });

  it('has every field from its own column, in the list and alone', async () => {
    const one = await get(`/api/v2/transactions/${expected.id}`);
    expect(one.statusCode).toBe(200);
    expect(transactionResponseSchema.parse(one.json()).data).toEqual(expected);
    expect(one.body).toBe(JSON.stringify({ data: expected }));

    const page = await get('/api/v2/transactions?from_date=2026-03-04&to_date=2026-03-04');
    expect(page.statusCode).toBe(200);
    expect(transactionListResponseSchema.parse(page.json()).data).toEqual([expected]);
  });

  it('writes the nulls the contract allows as null', async () => {
    await testApp.database.db
      .updateTable('transactions')
      .set({
        post_date: null,
        description_simple: null,
        description_user: null,
        merchant_name: null,
        category_id: null,
        tags: '[]',
        memo: null,
        external_id: null,
      })
      .where('id', '=', expected.id)
      .execute();
    const one = await get(`/api/v2/transactions/${expected.id}`);
    expect(one.json()).toEqual({
      data: {
        ...expected,
        post_date: null,
        description: { original: expected.description.original, simple: null, user: null },
        category: null,
        merchant: null,
        memo: null,
        user_tags: [],
        external_id: null,
      },
    });
  });
});
