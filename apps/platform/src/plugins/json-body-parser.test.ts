import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';

describe('JSON bodies', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function appWithEcho() {
    const test = await buildTestApp();
    close = test.close;
    test.app.delete('/echo', async (request) => ({ body: request.body ?? null }));
    test.app.post('/echo', async (request) => ({ body: request.body ?? null }));
    return test.app;
  }

  it('takes an empty body declared as JSON as no body', async () => {
    const app = await appWithEcho();
    const response = await app.inject({
      method: 'DELETE',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: null });
  });

  it('still parses JSON and refuses malformed JSON and prototype poisoning', async () => {
    const app = await appWithEcho();
    const json = { 'content-type': 'application/json' };
    expect(
      (await app.inject({ method: 'POST', url: '/echo', headers: json, payload: '{"a":1}' })).json(),
    ).toEqual({
      body: { a: 1 },
    });
    expect(
      (await app.inject({ method: 'POST', url: '/echo', headers: json, payload: '{"a":' })).statusCode,
    ).toBe(400);
    const poisoned = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: json,
      payload: '{"__proto__":{"x":1}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  // Before 2026-12-03 Fastify's own text/plain parser read it, and the JSON endpoints answered
  // 400 F0001 "expected object, received string" where docs/errors.md promises 415 F0024.
  it('refuses text/plain on the API with 415 F0024, as any type the endpoint does not read', async () => {
    const test = await buildTestApp();
    close = test.close;
    const { headers } = await signedInAdviserWithClient(test.app);
    const goal = JSON.stringify({ name: 'Holiday', target_amount: 1000 });
    for (const [method, url] of [
      ['POST', '/api/v2/goals'],
      ['PUT', '/api/v2/transactions/1'],
    ] as const) {
      for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/xml']) {
        const response = await test.app.inject({
          method,
          url,
          headers: { ...headers, 'content-type': type },
          payload: goal,
        });
        expect([response.statusCode, response.json().error.error_code], `${method} ${url} ${type}`).toEqual([
          415,
          'F0024',
        ]);
      }
    }
  });

  it('still reads text/plain outside the API (the identity’s pages take it)', async () => {
    const app = await appWithEcho();
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.json()).toEqual({ body: 'hello' });
  });
});
