import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { verifyEmail } from './verify-email.ts';

describe('verifyEmail', () => {
  it('posts the code and answers the invitation token for the password step', async () => {
    const fake = createFakeFetch(() =>
      jsonResponse({ data: { email: 'ann@example.test', email_verified: true, invitation_token: 'inv' } }),
    );
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });
    const result = await verifyEmail(client, { email: 'ann@example.test', code: '123456' });
    expect(result.invitation_token).toBe('inv');
    expect(fake.lastRequest()).toMatchObject({
      url: 'http://localhost:8080/api/adviser/parties/external/verify',
      body: { email: 'ann@example.test', code: '123456' },
    });
  });
});
