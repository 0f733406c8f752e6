import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch } from '../testing/fake-fetch.ts';
import { revokeToken } from './revoke-token.ts';

describe('revokeToken', () => {
  it('posts the token with the client id and domain, and accepts an empty answer', async () => {
    const fake = createFakeFetch(() => new Response(null, { status: 200 }));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });

    await expect(
      revokeToken(client, {
        token: 'tok',
        clientId: 'moneypartner-adviser-portal',
        domain: 'moneypartner.com.au',
      }),
    ).resolves.toBeUndefined();
    expect(fake.lastRequest()).toMatchObject({
      method: 'POST',
      url: 'http://localhost:8080/oauth/revoke',
      body: {
        token: 'tok',
        token_type_hint: 'access_token',
        client_id: 'moneypartner-adviser-portal',
        domain: 'moneypartner.com.au',
      },
    });
  });
});
