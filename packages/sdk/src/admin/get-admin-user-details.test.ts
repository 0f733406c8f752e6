import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { getAdminUserDetails } from './get-admin-user-details.ts';

const details = {
  id: 7,
  email: 'ann@example.test',
  given_name: 'Ann',
  family_name: 'Lee',
  kind: 'adviser',
  email_verified: true,
  roles: [],
  permissions: [],
  external_party: { id: 3, name: 'Harbour Wealth', status: 'enabled', type: 'ta' },
};

describe('getAdminUserDetails', () => {
  it('answers the data of api/admin/adminusers/details', async () => {
    const fake = createFakeFetch(() => jsonResponse({ data: details }));
    const client = createApiClient({
      baseUrl: 'http://localhost:8080',
      fetch: fake.fetch,
      getAccessToken: () => 'tok',
    });
    await expect(getAdminUserDetails(client)).resolves.toEqual(details);
    expect(fake.lastRequest().url).toBe('http://localhost:8080/api/admin/adminusers/details');
    expect(fake.lastRequest().headers.get('authorization')).toBe('Bearer tok');
  });
});
