import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';

describe('GET /readyz', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ ready: false });
  });
  afterAll(() => testApp.close());

  it('answers 503 until migrations and seeding are done, and the API waits too', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'starting' });

    const api = await testApp.app.inject({ method: 'GET', url: '/api/v2/config/app/adviser-web-portal' });
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('1');
    expect(api.json().error).toMatchObject({ error_code: 'F9990', error_type: 'unavailable' });
  });

  it('answers 200 with the engine once ready', async () => {
    testApp.app.readiness.markReady();
    const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: testApp.database.engine });
  });
});
