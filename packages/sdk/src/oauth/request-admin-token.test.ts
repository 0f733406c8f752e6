import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { requestAdminToken } from './request-admin-token.ts';

const credentials = {
  username: 'adviser@example.test',
  password: 'correct horse battery staple',
  clientId: 'moneypartner-adviser-portal',
  domain: 'moneypartner.com.au',
};

describe('requestAdminToken', () => {
  it('posts the password grant to the admin token endpoint', async () => {
    const fake = createFakeFetch(() =>
      jsonResponse({ access_token: 'tok', token_type: 'Bearer', expires_in: 7200 }),
    );
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });

    await expect(requestAdminToken(client, credentials)).resolves.toMatchObject({ access_token: 'tok' });
    expect(fake.lastRequest()).toMatchObject({
      method: 'POST',
      url: 'http://localhost:8080/oauth/admin/token',
      body: {
        username: 'adviser@example.test',
        password: 'correct horse battery staple',
        client_id: 'moneypartner-adviser-portal',
        domain: 'moneypartner.com.au',
        grant_type: 'password',
        scope: '',
      },
    });
  });

  it('asks for the refresh token as a cookie when told to', async () => {
    const fake = createFakeFetch(() => jsonResponse({ access_token: 'tok', expires_in: 3600 }));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });

    await requestAdminToken(client, { ...credentials, refreshTokenDelivery: 'cookie' });
    expect(fake.lastRequest()).toMatchObject({
      credentials: 'include',
      body: { grant_type: 'password', refresh_token_delivery: 'cookie' },
    });
  });

  it('rejects with the server error_description', async () => {
    const fake = createFakeFetch(() =>
      jsonResponse({ error: 'invalid_grant', error_description: 'Invalid email or password' }, 400),
    );
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });

    await expect(requestAdminToken(client, credentials)).rejects.toMatchObject({
      status: 400,
      message: 'Invalid email or password',
    });
  });
});
