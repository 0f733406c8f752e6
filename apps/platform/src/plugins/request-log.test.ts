import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { redactedUrl } from './request-log.ts';

describe('the request log', () => {
  it('redacts the secrets of a URL and keeps the rest', () => {
    expect(redactedUrl('/app/reset-password/?client_id=c1&token=abc')).toBe(
      '/app/reset-password/?client_id=c1&token=redacted',
    );
    expect(redactedUrl('/set-password?reset_password_token=s3cret')).toBe(
      '/set-password?reset_password_token=redacted',
    );
    expect(redactedUrl('/register/invitation?invitation_token=x&token=y')).toBe(
      '/register/invitation?invitation_token=redacted&token=redacted',
    );
    expect(redactedUrl('/app/callback/?code=abc&state=s')).toBe('/app/callback/?code=redacted&state=s');
    expect(redactedUrl('/api/v2/transactions?page=2&size=100')).toBe('/api/v2/transactions?page=2&size=100');
    expect(redactedUrl('/healthz')).toBe('/healthz');
  });

  describe('as the platform logs a request', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await buildTestApp();
    });
    afterAll(() => testApp.close());

    it('writes the URL without its secrets', () => {
      const serializers = (
        testApp.app.log as unknown as Record<symbol, Record<string, (value: unknown) => unknown>>
      )[Symbol.for('pino.serializers')];
      const logged = serializers?.req?.({
        method: 'GET',
        url: '/app/reset-password/?client_id=c1&token=abc',
        host: 'localhost:8080',
        ip: '127.0.0.1',
        socket: { remotePort: 5000 },
      });
      expect(logged).toEqual({
        method: 'GET',
        url: '/app/reset-password/?client_id=c1&token=redacted',
        host: 'localhost:8080',
        remoteAddress: '127.0.0.1',
        remotePort: 5000,
      });
    });
  });
});
