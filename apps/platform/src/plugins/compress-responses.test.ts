import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { tenantHost } from '../testing/sign-in.ts';
import { compressAnswer, compressThresholdBytes, negotiatedEncoding } from './compress-responses.ts';

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

  it('chooses an encoding and compresses to the same bytes as the plugin, for answers it keeps (negotiatedEncoding, compressAnswer)', async () => {
    const plain = await testApp.app.inject({ url, headers: { host } });
    for (const accepted of [
      'br',
      'gzip',
      'gzip, deflate, br, zstd',
      'gzip;q=1, br;q=0.5',
      'br;q=0, gzip',
      'BR',
      '*',
      'x-gzip',
      'identity',
      'deflate',
      '',
    ]) {
      const response = await testApp.app.inject({ url, headers: { host, 'accept-encoding': accepted } });
      const request = { headers: { 'accept-encoding': accepted } } as unknown as FastifyRequest;
      const encoding = negotiatedEncoding(request, plain.rawPayload.length);
      expect(encoding, accepted).toBe(response.headers['content-encoding']);
      if (encoding)
        expect((await compressAnswer(plain.rawPayload, encoding)).equals(response.rawPayload)).toBe(true);
    }
    const refused = {
      headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
    } as unknown as FastifyRequest;
    expect(negotiatedEncoding(refused, plain.rawPayload.length)).toBeUndefined();
    const small = { headers: { 'accept-encoding': 'br' } } as unknown as FastifyRequest;
    expect(negotiatedEncoding(small, compressThresholdBytes - 1)).toBeUndefined();
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
