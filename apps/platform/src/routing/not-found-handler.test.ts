import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createPortalFixture, type PortalFixture } from '../testing/portal-fixture.ts';

describe('history-mode fallback', () => {
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

  it.each(['/', '/some/deep/route', '/user/details/42/overview?tab=goals'])(
    'answers %s with index.html',
    async (url) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { host: 'moneypartner.localhost:8080' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(portal.indexHtml);
    },
  );

  it('answers HEAD for a route too', async () => {
    const response = await testApp.app.inject({ method: 'HEAD', url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it.each([
    ['GET', '/oauth2'],
    ['GET', '/app/login'],
    ['GET', '/account'],
    ['GET', '/dev/nothing-here'],
    ['GET', '/robots.txt'],
    ['POST', '/dashboard'],
  ])('answers %s %s with a plain 404', async (method, url) => {
    const response = await testApp.app.inject({ method: method as 'GET' | 'POST', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('history-mode fallback before the portal is built', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('answers 503 with a page that says how to build it', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('has not been built');
    expect(response.body).toContain('npm run build');
  });
});
