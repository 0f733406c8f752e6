import { randomBytes } from 'node:crypto';
import { appConfigResponseSchema, errorBodySchema } from '@waratah/contracts';
import { type Environment, environments, type TenantId, tenantIds, tenants } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { requestTenancy } from './request-tenancy.ts';

function requestTo(host: string, headers: Record<string, string> = {}): FastifyRequest {
  return { host, protocol: 'https', headers } as unknown as FastifyRequest;
}

function tenancyOf(request: FastifyRequest, pathTenant?: string) {
  const { tenant, environment } = requestTenancy(request, pathTenant);
  return { tenant: tenant.id, environment };
}

describe('requestTenancy', () => {
  const apiHosts = tenantIds.flatMap((id) =>
    environments.flatMap((environment) => {
      const envConfig = tenants[id].envConfig[environment];
      if (!envConfig) return [];
      return [envConfig.api.hostUrl, envConfig.api.secondaryHostUrl].map((url) => ({
        host: new URL(url).host,
        id,
        environment,
      }));
    }),
  );

  it.each(apiHosts)(
    'takes $id $environment on its API host $host, with no X-Tenant-Id',
    ({ host, id, environment }) => {
      expect(tenancyOf(requestTo(host))).toEqual({ tenant: id, environment });
    },
  );

  it('lets X-Tenant-Id or the path name another tenant on an API host, in the host’s environment', () => {
    expect(tenancyOf(requestTo('api.staging.moneypartner.com.au', { 'x-tenant-id': 'waratah' }))).toEqual({
      tenant: 'waratah',
      environment: 'staging',
    });
    expect(tenancyOf(requestTo('api.sandbox.waratahlabs.com.au', { 'x-tenant-id': 'waratahlabs' }))).toEqual({
      tenant: 'waratahlabs',
      environment: 'sandbox',
    });
    // Labs has no production: the next environment down serves.
    expect(tenancyOf(requestTo('api.moneypartner.com.au'), 'waratahlabs')).toEqual({
      tenant: 'waratahlabs',
      environment: 'staging',
    });
  });

  it.each<[host: string, tenant: TenantId, environment: Environment]>([
    ['portal.moneypartner.com.au', 'moneypartner', 'production'],
    ['advisers.sandbox.waratahlabs.com.au', 'waratahlabs', 'sandbox'],
    ['moneypartner.localhost:8080', 'moneypartner', 'production'],
    ['waratahlabs.localhost', 'waratahlabs', 'staging'],
    ['api.moneypartner.localhost', 'waratah', 'production'],
    ['api.moneypartner.com.au.evil.example', 'waratah', 'production'],
    ['nowhere.example', 'waratah', 'production'],
  ])('keeps %s → %s %s (a portal, a local or an unknown host)', (host, tenant, environment) => {
    expect(tenancyOf(requestTo(host))).toEqual({ tenant, environment });
  });

  it('refuses an X-Tenant-Id that names no tenant without naming any', () => {
    for (const value of ['nosuchtenant', '', 'Moneypartner']) {
      let caught: unknown;
      try {
        requestTenancy(requestTo('api.moneypartner.com.au', { 'x-tenant-id': value }));
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({ message: 'X-Tenant-Id names no tenant' });
    }
  });
});

describe('a request to a hosted API host, answered for its own tenant', () => {
  const path = '/api/v2/config/app/adviser-web-portal';
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
    // Marks only one row carries, to tell the environments apart.
    await turnOff('moneypartner', 'staging', 'goals');
    await turnOff('waratahlabs', 'sandbox', 'goals');
  });
  afterAll(() => testApp.close());

  async function getConfig(host: string, headers: Record<string, string> = {}) {
    const response = await testApp.app.inject({ method: 'GET', url: path, headers: { host, ...headers } });
    return { response, body: response.json() };
  }

  function goalsOf(body: unknown): boolean | undefined {
    const features = appConfigResponseSchema.parse(body).data.platforms[0]?.features;
    return features?.find((feature) => feature.key === 'goals')?.enabled;
  }

  it('answers moneypartner’s config on the moneypartner production API host, with no X-Tenant-Id', async () => {
    const { response, body } = await getConfig('api.moneypartner.com.au');
    expect(response.statusCode).toBe(200);
    const { links } = appConfigResponseSchema.parse(body).data;
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.url.startsWith('https://www.moneypartner.com.au/'))).toBe(true);
    expect(goalsOf(body)).toBe(true);
    // The secondary API host is the same environment's.
    expect(goalsOf((await getConfig('api2.moneypartner.com.au')).body)).toBe(true);
  });

  it('answers each API host’s own environment', async () => {
    expect(goalsOf((await getConfig('api.staging.moneypartner.com.au')).body)).toBe(false);
    expect(goalsOf((await getConfig('api2.staging.moneypartner.com.au')).body)).toBe(false);
    const labsSandbox = await getConfig('api.sandbox.waratahlabs.com.au');
    expect(labsSandbox.body.data.links[0].url).toMatch(/^https:\/\/labs\.waratah\.com\.au\//);
    expect(goalsOf(labsSandbox.body)).toBe(false);
    expect(goalsOf((await getConfig('api.staging.waratahlabs.com.au')).body)).toBe(true);
  });

  it('still lets X-Tenant-Id name the tenant on an API host, and answers waratah on a host nobody configured', async () => {
    const named = await getConfig('api.moneypartner.com.au', { 'x-tenant-id': 'waratah' });
    expect(named.body.data.links[0].url).toMatch(/^https:\/\/www\.waratah\.com\.au\//);
    const unknown = await getConfig('api.moneypartner.com.au.evil.example');
    expect(unknown.body.data.links[0].url).toMatch(/^https:\/\/www\.waratah\.com\.au\//);
  });

  it('refuses an unknown X-Tenant-Id naming no tenant', async () => {
    const { response, body } = await getConfig('api.moneypartner.com.au', { 'x-tenant-id': 'nosuchtenant' });
    expect(response.statusCode).toBe(400);
    const { error } = errorBodySchema.parse(body);
    expect(error).toMatchObject({ error_type: 'bad_header', error_message: 'X-Tenant-Id names no tenant' });
    expect(response.body).not.toMatch(/waratah|moneypartner/i);
  });

  async function turnOff(tenantId: string, environment: string, key: string) {
    const row = await testApp.database.db
      .selectFrom('app_configs')
      .select('features')
      .where('tenant_id', '=', tenantId)
      .where('environment', '=', environment)
      .executeTakeFirstOrThrow();
    const features = row.features.map((feature) => (feature.key === key ? { key, enabled: false } : feature));
    await testApp.database.db
      .updateTable('app_configs')
      .set({ features: JSON.stringify(features) })
      .where('tenant_id', '=', tenantId)
      .where('environment', '=', environment)
      .execute();
  }
});

describe('a request to a production server through a local host', () => {
  const path = '/api/v2/config/app/adviser-web-portal';
  let testApp: TestApp;

  beforeAll(async () => {
    // The bank-token key production wants on PostgreSQL.
    testApp = await buildTestApp({
      env: { NODE_ENV: 'production', HOLDER_TOKEN_KEY: randomBytes(32).toString('hex') },
    });
  });
  afterAll(() => testApp.close());

  async function linkOf(host: string, headers: Record<string, string> = {}) {
    const response = await testApp.app.inject({ method: 'GET', url: path, headers: { host, ...headers } });
    expect(response.statusCode).toBe(200);
    return appConfigResponseSchema.parse(response.json()).data.links[0]?.url;
  }

  it('is answered as a host nobody configured is: the default tenant, unless X-Tenant-Id names one', async () => {
    for (const host of ['moneypartner.localhost:8080', 'waratahlabs.localhost', 'localhost:8080']) {
      expect(await linkOf(host), host).toMatch(/^https:\/\/www\.waratah\.com\.au\//);
    }
    expect(await linkOf('portal.moneypartner.com.au')).toMatch(/^https:\/\/www\.moneypartner\.com\.au\//);
    expect(await linkOf('waratah.localhost:3000', { 'x-tenant-id': 'waratahlabs' })).toMatch(
      /^https:\/\/labs\.waratah\.com\.au\//,
    );
  });
});
