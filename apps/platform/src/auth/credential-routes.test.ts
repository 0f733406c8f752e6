import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';

describe('the credential routes in the OpenAPI document', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it.each([
    ['post', '/oauth/token'],
    ['post', '/oauth/admin/token'],
    ['post', '/oauth/revoke'],
    ['get', '/api/admin/adminusers/details'],
    ['post', '/api/admin/adminusers/reset'],
    ['post', '/api/admin/adminusers/reset/password'],
    ['post', '/api/admin/adminusers/invite'],
    ['post', '/api/admin/adminusers/register'],
    ['post', '/api/adviser/parties/external'],
    ['put', '/api/adviser/parties/external/details'],
    ['post', '/api/adviser/parties/external/verify'],
    ['get', '/api/adviser/brokers/aggregators'],
    ['get', '/api/admin/brokers/aggregators'],
    ['put', '/api/admin/cdr/parties/external/{id}'],
  ])('describes %s %s', async (method, path) => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths[path]?.[method]?.responses).toBeDefined();
  });
});
