import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';

describe('the OpenAPI document', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ ready: false });
  });
  afterAll(() => testApp.close());

  it('describes the routes from their contracts, even while the platform starts', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const operation = document.paths['/api/v2/config/app/{id}'].get;
    expect(Object.keys(operation.responses)).toEqual(['200', '400', '404']);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toContain(
      'x-tenant-id',
    );
    expect(document.paths['/healthz']).toBeDefined();
  });

  it('serves the UI', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
