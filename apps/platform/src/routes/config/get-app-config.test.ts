import { appConfigResponseSchema, errorBodySchema, featureKeys } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';

const path = '/api/v2/config/app/adviser-web-portal';

describe('GET /api/v2/config/app/:id', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
    // A mark only labs' staging row carries, to tell it from labs' sandbox row.
    await changeFeature('waratahlabs', 'staging', 'goals', false);
  });
  afterAll(() => testApp.close());

  async function getConfig(headers: Record<string, string>, url = path) {
    const response = await testApp.app.inject({ method: 'GET', url, headers });
    return { response, body: response.json() };
  }

  it('answers the default tenant on localhost with every feature key', async () => {
    const { response, body } = await getConfig({ host: 'localhost:8080' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const config = appConfigResponseSchema.parse(body).data;
    expect(config.platforms).toHaveLength(1);
    expect(config.platforms[0]?.key).toBe('adviser-web-portal');
    expect(config.platforms[0]?.features.map((feature) => feature.key)).toEqual([...featureKeys]);
    const off = config.platforms[0]?.features
      .filter((feature) => !feature.enabled)
      .map((feature) => feature.key);
    expect(off).toEqual(['appcues', 'account_dashboard']);
    expect(config.links.map((link) => link.key)).toEqual(['ta-help-centre', 'help_page', 'about_page']);
    expect(config.links.every((link) => link.url.startsWith('https://www.waratah.com.au/'))).toBe(true);
  });

  it("answers the tenant a *.localhost host names, with that tenant's links", async () => {
    const { body } = await getConfig({ host: 'moneypartner.localhost:8080' });
    const links = appConfigResponseSchema.parse(body).data.links;
    expect(links.every((link) => link.url.startsWith('https://www.moneypartner.com.au/'))).toBe(true);
  });

  it('answers the staging config for labs, which has no production', async () => {
    const { body } = await getConfig({ host: 'waratahlabs.localhost' });
    const features = appConfigResponseSchema.parse(body).data.platforms[0]?.features;
    expect(features?.find((feature) => feature.key === 'goals')).toEqual({ key: 'goals', enabled: false });
    expect(body.data.links[0].url).toMatch(/^https:\/\/labs\.waratah\.com\.au\//);
  });

  it('lets X-Tenant-Id name the tenant instead of the host', async () => {
    const { body } = await getConfig({ host: 'localhost:8080', 'x-tenant-id': 'moneypartner' });
    expect(body.data.links[0].url).toMatch(/^https:\/\/www\.moneypartner\.com\.au\//);
  });

  it('falls back to staging when X-Tenant-Id names labs on a production host', async () => {
    const { body } = await getConfig({ host: 'localhost:8080', 'x-tenant-id': 'waratahlabs' });
    const goals = body.data.platforms[0].features.find((feature: { key: string }) => feature.key === 'goals');
    expect(goals).toEqual({ key: 'goals', enabled: false });
  });

  it('refuses an unknown X-Tenant-Id, naming the header', async () => {
    const { response, body } = await getConfig({ host: 'localhost:8080', 'x-tenant-id': 'nosuchtenant' });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(body).error).toMatchObject({
      error_code: 'F0021',
      error_type: 'bad_header',
      fields: [{ field: 'headers.x-tenant-id' }],
    });
    expect(body.error.error_message).toContain('X-Tenant-Id');
  });

  it('answers the tenant-prefixed form', async () => {
    const { response, body } = await getConfig(
      { host: 'localhost' },
      '/api/v2/moneypartner/config/app/adviser-web-portal',
    );
    expect(response.statusCode).toBe(200);
    expect(body.data.links[0].url).toMatch(/moneypartner/);
    const unknown = await getConfig(
      { host: 'localhost' },
      '/api/v2/nosuchtenant/config/app/adviser-web-portal',
    );
    expect(unknown.response.statusCode).toBe(404);
  });

  it('answers 404 with the envelope for an app config that does not exist', async () => {
    const { response, body } = await getConfig({ host: 'localhost' }, '/api/v2/config/app/mobile-app');
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(body).error).toMatchObject({ error_code: 'F0300', error_type: 'not_found' });
  });

  it('answers 400 naming the field for an id that is not a key', async () => {
    const { response, body } = await getConfig({ host: 'localhost' }, '/api/v2/config/app/Not%20A%20Key');
    expect(response.statusCode).toBe(400);
    expect(body.error).toMatchObject({ error_code: 'F0001', fields: [{ field: 'params.id' }] });
  });

  it('accepts every supported API version and refuses others by name', async () => {
    expect((await getConfig({ host: 'localhost', 'x-api-version': '2.30' })).response.statusCode).toBe(200);
    const { response, body } = await getConfig({ host: 'localhost', 'x-api-version': '1.0' });
    expect(response.statusCode).toBe(400);
    expect(body.error).toMatchObject({ error_code: 'F0022', error_type: 'unsupported_api_version' });
    expect(body.error.error_message).toBe(
      'X-Api-Version "1.0" is not supported; use one of 2.28, 2.29, 2.30',
    );
  });

  async function changeFeature(tenantId: string, environment: string, key: string, enabled: boolean) {
    const row = await testApp.database.db
      .selectFrom('app_configs')
      .select('features')
      .where('tenant_id', '=', tenantId)
      .where('environment', '=', environment)
      .executeTakeFirstOrThrow();
    const features = row.features.map((feature) => (feature.key === key ? { key, enabled } : feature));
    await testApp.database.db
      .updateTable('app_configs')
      .set({ features: JSON.stringify(features) })
      .where('tenant_id', '=', tenantId)
      .where('environment', '=', environment)
      .execute();
  }
});
