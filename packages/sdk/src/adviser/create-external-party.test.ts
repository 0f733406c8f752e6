import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { createExternalParty } from './create-external-party.ts';

const party = {
  id: 3,
  name: 'Harbour Wealth',
  abn: '51824753556',
  status: 'unverified',
  type: 'ta',
  profession: null,
  credentials: {},
  address: { line1: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
  phone: '02 9000 0000',
  website: null,
};

describe('createExternalParty', () => {
  it('posts the business and answers the new, unverified practice', async () => {
    const fake = createFakeFetch(() => jsonResponse({ data: party }, 201));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });
    const created = await createExternalParty(client, {
      name: 'Harbour Wealth',
      abn: '51824753556',
      address: { line1: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
      phone: '02 9000 0000',
    });
    expect(created.status).toBe('unverified');
    expect(fake.lastRequest()).toMatchObject({
      method: 'POST',
      url: 'http://localhost:8080/api/adviser/parties/external',
    });
  });
});
