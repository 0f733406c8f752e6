import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';

describe('GET /healthz', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ ready: false });
  });
  afterAll(() => testApp.close());

  it('answers while the platform is still starting', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
