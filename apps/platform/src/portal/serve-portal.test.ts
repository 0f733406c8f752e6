import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createPortalFixture, type PortalFixture } from '../testing/portal-fixture.ts';

describe('the portal files', () => {
  let portal: PortalFixture;
  let testApp: TestApp;

  beforeAll(async () => {
    portal = await createPortalFixture();
    testApp = await buildTestApp({ portalDist: portal.dir });
  });
  afterAll(async () => {
    await testApp.close();
    await portal.remove();
  });

  it('serves a hashed asset with a year of immutable caching', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: portal.assetPath });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(portal.assetBody);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the Brotli copy the build wrote to a browser that accepts it, with the same type and caching', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: portal.assetPath,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(portal.assetBody);
  });

  it('has an unhashed file revalidated', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with a plain 404, not the portal', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });
});
