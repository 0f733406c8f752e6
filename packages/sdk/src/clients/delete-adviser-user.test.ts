import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch } from '../testing/fake-fetch.ts';
import { deleteAdviserUser } from './delete-adviser-user.ts';

describe('deleteAdviserUser', () => {
  it('names the practice in X-External-Party-Id and accepts an empty 204', async () => {
    const fake = createFakeFetch(() => new Response(null, { status: 204 }));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });

    await expect(deleteAdviserUser(client, 7, { externalPartyId: 3 })).resolves.toBeUndefined();
    const request = fake.lastRequest();
    expect(request).toMatchObject({ method: 'DELETE', url: 'http://localhost:8080/api/adviser/users/7' });
    expect(request.headers.get('X-External-Party-Id')).toBe('3');
  });
});
