import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { tenantHost } from '../testing/sign-in.ts';
import { compressThresholdBytes } from './compress-responses.ts';

describe('response compression', () => {
  let testApp: TestApp;
  // The OpenAPI document: a large public JSON answer.
  const url = '/api/docs/json';
  const host = tenantHost('moneypartner');

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('sends an API answer of 1 KiB or more Brotli- or gzip-compressed to a caller that accepts it', async () => {
    const plain = await testApp.app.inject({ url, headers: { host } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressThresholdBytes);

    const brotli = await testApp.app.inject({ url, headers: { host, 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    // Still an API answer: never cached, whatever its encoding.
    expect(brotli.headers['cache-control']).toBe(plain.headers['cache-control']);

    const gzip = await testApp.app.inject({ url, headers: { host, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const response = await testApp.app.inject({
      url: '/healthz',
      headers: { host, 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBeLessThan(compressThresholdBytes);
  });
});
