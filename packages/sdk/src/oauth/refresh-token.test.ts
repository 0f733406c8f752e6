import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { refreshToken } from './refresh-token.ts';
import { requestAdminToken } from './request-admin-token.ts';
import { revokeToken } from './revoke-token.ts';

describe('refreshToken', () => {
  it('ends the token calls (sign-in, refresh, revoke) when their signal aborts', async () => {
    // A server that never answers: only the signal ends the call.
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: hanging });
    const oauth = { clientId: 'mp', domain: 'moneypartner.com.au' };
    const calls = [
      (signal: AbortSignal) => refreshToken(client, { ...oauth, refreshTokenDelivery: 'cookie', signal }),
      (signal: AbortSignal) =>
        requestAdminToken(client, { ...oauth, username: 'a@b.c', password: 'x', signal }),
      (signal: AbortSignal) => revokeToken(client, { ...oauth, token: 't', signal }),
    ];
    for (const call of calls) {
      const controller = new AbortController();
      const pending = call(controller.signal);
      controller.abort(new Error('too slow'));
      await expect(pending).rejects.toBeDefined();
    }
  });

  it('posts the refresh_token grant to the admin token endpoint', async () => {
    const fake = createFakeFetch(() =>
      jsonResponse({ access_token: 'new', refresh_token: 'next', expires_in: 3600 }),
    );
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });
    const token = await refreshToken(client, {
      refreshToken: 'old',
      clientId: 'mp',
      domain: 'moneypartner.com.au',
    });
    expect(token).toMatchObject({ access_token: 'new', refresh_token: 'next' });
    expect(fake.lastRequest()).toMatchObject({
      url: 'http://localhost:8080/oauth/admin/token',
      body: {
        grant_type: 'refresh_token',
        refresh_token: 'old',
        client_id: 'mp',
        domain: 'moneypartner.com.au',
      },
    });
  });

  it("sends no refresh_token when the browser's cookie holds it", async () => {
    const fake = createFakeFetch(() => jsonResponse({ access_token: 'new', expires_in: 3600 }));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });
    await refreshToken(client, {
      clientId: 'mp',
      domain: 'moneypartner.com.au',
      refreshTokenDelivery: 'cookie',
    });
    const { body } = fake.lastRequest();
    expect(body).toEqual({
      grant_type: 'refresh_token',
      client_id: 'mp',
      domain: 'moneypartner.com.au',
      scope: '',
      refresh_token_delivery: 'cookie',
    });
    expect(fake.lastRequest().credentials).toBe('include');
  });
});
