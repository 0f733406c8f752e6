import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { getAppConfig } from './get-app-config.ts';

const appConfig = {
  platforms: [{ key: 'adviser-web-portal', features: [{ key: 'ta_register', enabled: true }] }],
  links: [{ key: 'help_page', url: 'https://help.example.test' }],
};

describe('getAppConfig', () => {
  it('fetches the platform config from the end-user family and unwraps data', async () => {
    const fake = createFakeFetch(() => jsonResponse({ data: appConfig }));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });

    await expect(getAppConfig(client, 'adviser-web-portal')).resolves.toEqual(appConfig);
    expect(fake.lastRequest()).toMatchObject({
      method: 'GET',
      url: 'http://localhost:8080/api/v2/config/app/adviser-web-portal',
    });
  });

  it('rejects a body without data', async () => {
    const fake = createFakeFetch(() => jsonResponse({ platforms: [] }));
    const client = createApiClient({ baseUrl: 'http://localhost:8080', fetch: fake.fetch });

    await expect(getAppConfig(client, 'adviser-web-portal')).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});
