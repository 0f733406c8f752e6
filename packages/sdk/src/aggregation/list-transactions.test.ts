import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { listTransactions } from './list-transactions.ts';

describe('listTransactions', () => {
  it('sends filters as query parameters and the client in X-User-Id', async () => {
    const page = { data: [], paging: { cursors: { after: '2026-01-01_5' }, total: 9 } };
    const fake = createFakeFetch(() => jsonResponse(page));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });

    await expect(
      listTransactions(client, { account_ids: '1,2', size: 50, after: '2026-02-01_9' }, { userId: 42 }),
    ).resolves.toEqual(page);
    const request = fake.lastRequest();
    expect(request.url).toBe(
      'http://localhost:8080/api/v2/transactions?account_ids=1%2C2&size=50&after=2026-02-01_9',
    );
    expect(request.headers.get('X-User-Id')).toBe('42');
  });
});
