import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch } from '../testing/fake-fetch.ts';
import { getAdviserPracticeConsents } from './get-adviser-practice-consents.ts';

describe('getAdviserPracticeConsents', () => {
  it('asks for the practice’s consents and answers both lists with their counts', async () => {
    const consent = {
      client_id: 4,
      email: 'ann@example.test',
      given_name: 'Ann',
      family_name: 'Lee',
      status: 'active',
      expiry: '2026-12-01T00:00:00.000Z',
      withdrawn_at: null,
    };
    const body = { data: { expiring: [consent], expiring_total: 1, ended: [], ended_total: 0 } };
    const fake = createFakeFetch(() => Response.json(body));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });

    await expect(getAdviserPracticeConsents(client, { size: 5 })).resolves.toEqual(body.data);
    expect(fake.lastRequest()).toMatchObject({
      method: 'GET',
      url: 'http://localhost:8080/api/adviser/users/consents?size=5',
    });
  });

  it('refuses an answer that breaks the contract', async () => {
    const fake = createFakeFetch(() => Response.json({ data: { expiring: [] } }));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });
    await expect(getAdviserPracticeConsents(client)).rejects.toThrow();
  });
});
