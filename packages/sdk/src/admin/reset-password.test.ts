import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { resetPassword } from './reset-password.ts';

describe('resetPassword', () => {
  it('posts the address without credentials', async () => {
    const fake = createFakeFetch(() => jsonResponse({ data: { message: 'sent' } }));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });
    await expect(resetPassword(client, { email: 'ann@example.test' })).resolves.toEqual({
      data: { message: 'sent' },
    });
    expect(fake.lastRequest()).toMatchObject({
      method: 'POST',
      url: 'http://localhost:8080/api/admin/adminusers/reset',
      credentials: 'omit',
      body: { email: 'ann@example.test' },
    });
  });
});
