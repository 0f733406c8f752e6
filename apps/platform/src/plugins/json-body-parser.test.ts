import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.ts';

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
});
