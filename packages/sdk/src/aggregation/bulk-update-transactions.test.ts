import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { bulkUpdateTransactions } from './bulk-update-transactions.ts';

describe('bulkUpdateTransactions', () => {
  it('sends one change for many transactions on behalf of the client and answers the ids', async () => {
    const fake = createFakeFetch(() => jsonResponse({ data: { transaction_ids: [3, 4] } }));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });

    await expect(
      bulkUpdateTransactions(client, { transaction_ids: [3, 4], included: false }, { userId: 42 }),
    ).resolves.toEqual([3, 4]);
    const request = fake.lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('http://localhost:8080/api/v2/transactions/bulk');
    expect(request.headers.get('X-User-Id')).toBe('42');
    expect(request.body).toEqual({ transaction_ids: [3, 4], included: false });
  });
});
