import { appConfigResponseSchema, errorBodySchema } from '@waratah/contracts';
import { resolveTenant } from '@waratah/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser, tenantHost } from '../../../testing/sign-in.ts';

const path = '/api/admin/config/app/adviser-web-portal';
const environment = resolveTenant({ host: tenantHost('moneypartner') }).environment;

describe('PUT /api/admin/config/app/:id', () => {
  let testApp: TestApp;
  let operator: SignedInAdminUser;
  let adviser: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    adviser = await createSignedInAdminUser(testApp.app);
  });
  afterAll(() => testApp.close());

  function put(headers: Record<string, string>, payload: unknown, url = path) {
    return testApp.app.inject({ method: 'PUT', url, headers, payload: payload as object });
  }

  async function portalFeature(key: string) {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/config/app/adviser-web-portal',
      headers: { host: tenantHost('moneypartner') },
    });
    const config = appConfigResponseSchema.parse(response.json()).data;
    return config.platforms[0]?.features.find((feature) => feature.key === key)?.enabled;
  }

  it("switches a feature off and on for the operator's tenant, keeping the other keys", async () => {
    const before = appConfigResponseSchema.parse(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/v2/config/app/adviser-web-portal',
          headers: { host: tenantHost('moneypartner') },
        })
      ).json(),
    ).data;

    const off = await put(operator.headers, {
      environment,
      features: [{ key: 'ta_register', enabled: false }],
    });
    expect(off.statusCode).toBe(200);
    const changed = appConfigResponseSchema.parse(off.json()).data;
    expect(changed.links).toEqual(before.links);
    expect(changed.platforms[0]?.features).toEqual(
      before.platforms[0]?.features.map((feature) =>
        feature.key === 'ta_register' ? { key: 'ta_register', enabled: false } : feature,
      ),
    );
    expect(await portalFeature('ta_register')).toBe(false);

    const on = await put(operator.headers, {
      environment,
      features: [{ key: 'ta_register', enabled: true }],
    });
    expect(on.statusCode).toBe(200);
    expect(await portalFeature('ta_register')).toBe(true);
  });

  it('leaves other tenants untouched', async () => {
    await put(operator.headers, { environment, features: [{ key: 'view_goals', enabled: false }] });
    const labs = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/config/app/adviser-web-portal',
      headers: { host: tenantHost('waratahlabs') },
    });
    const goals = labs.json().data.platforms[0].features.find((f: { key: string }) => f.key === 'view_goals');
    expect(goals).toEqual({ key: 'view_goals', enabled: true });
    await put(operator.headers, { environment, features: [{ key: 'view_goals', enabled: true }] });
  });

  it('changes a link', async () => {
    const url = 'https://help.moneypartner.example/advisers';
    const response = await put(operator.headers, { environment, links: [{ key: 'ta-help-centre', url }] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.links[0]).toEqual({ key: 'ta-help-centre', url });
  });

  it('records who changed what in the audit log', async () => {
    await put(operator.headers, { environment, features: [{ key: 'goals', enabled: true }] });
    const entry = await testApp.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'target_type', 'target_id', 'tenant_id'])
      .where('action', '=', 'app_config.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      actor_id: operator.adminUser.id,
      action: 'app_config.update',
      target_type: 'app_config',
      target_id: `adviser-web-portal/${environment}`,
      tenant_id: 'moneypartner',
    });
  });

  it('refuses an adviser with 403 and changes nothing', async () => {
    const response = await put(adviser.headers, {
      environment,
      features: [{ key: 'ta_register', enabled: false }],
    });
    expect(response.statusCode).toBe(403);
    expect(errorBodySchema.parse(response.json()).error).toMatchObject({ error_code: 'F0201' });
    expect(await portalFeature('ta_register')).toBe(true);
  });

  it('refuses a caller without credentials with 401', async () => {
    const response = await put(
      { host: tenantHost('moneypartner') },
      { environment, features: [{ key: 'ta_register', enabled: false }] },
    );
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{ environment, features: [{ key: 'no_such_feature', enabled: false }] }, 'body.features.0.key'],
    [{ environment, features: [{ key: 'goals', enabled: 'no' }] }, 'body.features.0.enabled'],
    [
      {
        environment,
        features: [
          { key: 'goals', enabled: false },
          { key: 'goals', enabled: true },
        ],
      },
      'body.features.1.key',
    ],
    [{ environment: 'qa', features: [{ key: 'goals', enabled: false }] }, 'body.environment'],
    [{ environment }, 'body.features'],
    [{ environment, links: [{ key: 'help_page', url: 'http://insecure.example' }] }, 'body.links.0.url'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const response = await put(operator.headers, payload);
    expect(response.statusCode).toBe(400);
    const fields = errorBodySchema.parse(response.json()).error.fields?.map((f) => f.field);
    expect(fields).toContain(field);
  });

  it('answers 400 naming the environment a tenant does not have', async () => {
    const labsOperator = await createSignedInAdminUser(testApp.app, {
      tenantId: 'waratahlabs',
      kind: 'operator',
    });
    const response = await put(labsOperator.headers, {
      environment: 'production',
      features: [{ key: 'goals', enabled: false }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { field: 'body.environment', message: 'Tenant waratahlabs has no production environment' },
    ]);
  });

  it('answers 404 for an app config that does not exist', async () => {
    const response = await put(
      operator.headers,
      { environment, features: [{ key: 'goals', enabled: false }] },
      '/api/admin/config/app/mobile-app',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.error_code).toBe('F0300');
  });
});
