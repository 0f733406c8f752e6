import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { sendRaw } from '../../testing/raw-http.ts';
import { tenantHost } from '../../testing/sign-in.ts';

/** A request as bytes: the request line, the headers given and the body as it is. */
function request(line: string, headers: Record<string, string>, body = ''): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${line}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * The routes of the user API that need credentials and are sent with a body, beside the
 * documents' (`documents/document-request-bodies.test.ts`) and the import's
 * (`security/raw-requests.test.ts`): those that take JSON, and those that take none, whose body
 * Fastify reads all the same (PUT and DELETE) to hand a handler that ignores it.
 */
const bodyRoutes: [method: string, path: string][] = [
  ['PUT', '/api/v2/accounts/1'],
  ['POST', '/api/v2/goals'],
  ['DELETE', '/api/v2/goals/1'],
  ['POST', '/api/v2/transactions/tags'],
  ['DELETE', '/api/v2/transactions/tags'],
  ['PUT', '/api/v2/transactions/1'],
  ['PUT', '/api/v2/transactions/bulk'],
  ['PUT', '/api/v2/user/details'],
  ['PUT', '/api/adviser/client/user/details'],
  ['PUT', '/api/admin/client/user/details'],
  ['POST', '/api/v2/provideraccounts'],
  ['PUT', '/api/v2/provideraccounts?provideraccount_ids=1'],
  ['DELETE', '/api/v2/provideraccounts/1'],
  ['POST', '/api/v2/consents'],
  ['DELETE', '/api/v2/consents/1'],
];

// Over a real socket, in production mode, with a one-second request timeout: a body read before
// the answer would be that timeout's 408 (one declared past the 1 MB limit, 413), not the refusal.
describe('the JSON bodies of the user API, sent without credentials', () => {
  let testApp: TestApp;
  let port: number;

  beforeAll(async () => {
    testApp = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        LOCAL_HOSTS: 'on',
        REQUEST_TIMEOUT_SECONDS: '1',
        HOLDER_TOKEN_KEY: randomBytes(32).toString('hex'),
      },
    });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  }, 120_000);
  afterAll(() => testApp.close());

  it('are refused 401 before they are read, and the connection closed', async () => {
    // Before 2026-12-04 each read up to 1 MB of JSON from anyone, refusing only in its handler.
    const wrong: string[] = [];
    for (const [method, path] of bodyRoutes) {
      for (const declared of [512 * 1024, 40 * 1024 * 1024]) {
        const head = request(`${method} ${path} HTTP/1.1`, {
          host: tenantHost('moneypartner'),
          'content-type': 'application/json',
          'content-length': String(declared),
        });
        // A first kilobyte of the JSON declared, then nothing.
        const { responses } = await sendRaw(port, `${head}{"name":"${'x'.repeat(1024)}`, { responses: 1 });
        const answer = responses[0];
        const code = answer && JSON.parse(answer.body).error?.error_code;
        if (answer?.status !== 401 || code !== 'F0200' || answer.headers.connection !== 'close')
          wrong.push(`${method} ${path} ${declared} bytes: ${answer?.status} ${code}`);
      }
    }
    // Every one named, not only the first.
    expect(wrong).toEqual([]);
  });
});
