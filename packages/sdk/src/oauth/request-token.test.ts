import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { requestToken } from './request-token.ts';

describe('requestToken', () => {
  it('posts the password grant to the end-user token endpoint', async () => {
    const fake = createFakeFetch(() => jsonResponse({ access_token: 'tok', token_type: 'Bearer' }));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });
    const credentials = {
      username: 'c@example.test',
      password: 'pw',
      clientId: 'mp',
      domain: 'moneypartner.com.au',
    };
    await expect(requestToken(client, credentials)).resolves.toMatchObject({ access_token: 'tok' });
    expect(fake.lastRequest()).toMatchObject({
      url: 'http://localhost:8080/oauth/token',
      body: { username: 'c@example.test', grant_type: 'password', scope: '' },
    });
    expect(fake.lastRequest().body).not.toHaveProperty('refresh_token_delivery');

    await requestToken(client, { ...credentials, refreshTokenDelivery: 'cookie' });
    expect(fake.lastRequest().body).toMatchObject({ refresh_token_delivery: 'cookie' });

    // A suspended client asks for their consents alone.
    await requestToken(client, { ...credentials, scope: 'consents' });
    expect(fake.lastRequest().body).toMatchObject({ grant_type: 'password', scope: 'consents' });
  });
});
