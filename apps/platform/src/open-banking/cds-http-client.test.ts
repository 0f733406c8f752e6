import { describe, expect, it } from 'vitest';
import { createCdsHttpClient, maxCdsBodyBytes } from './cds-http-client.ts';
import { CdsRequestError } from './cds-request-error.ts';
import { createFakeCdsHolder, fakeHolderBase, tooManyRequestsError } from './testing/fake-cds-holder.ts';

const accounts = [
  {
    accountId: 'a1',
    productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
    productName: 'Everyday',
    transactions: 1,
  },
];

async function failureOf(promise: Promise<unknown>): Promise<CdsRequestError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof CdsRequestError))
    throw new Error(`expected a CdsRequestError, got ${String(error)}`);
  return error;
}

describe('createCdsHttpClient', () => {
  it('sends the versioned headers, an interaction id, the bearer token and the auth date', async () => {
    const holder = createFakeCdsHolder({ accounts });
    const authDate = new Date('2026-11-19T22:00:00Z');
    const client = createCdsHttpClient({
      baseUrl: fakeHolderBase,
      accessToken: 'tok',
      authDate,
      fetch: holder.fetch,
    });
    const response = await client.get('/banking/accounts', { version: 3, minVersion: 2 });
    expect(response.version).toBe(3);
    expect(holder.requests[0]?.headers).toMatchObject({
      'x-v': '3',
      'x-min-v': '2',
      authorization: 'Bearer tok',
      'x-fapi-auth-date': 'Thu, 19 Nov 2026 22:00:00 GMT',
      'x-fapi-interaction-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('sends no token to public endpoints', async () => {
    const holder = createFakeCdsHolder({ accounts });
    const client = createCdsHttpClient({ baseUrl: fakeHolderBase, accessToken: 'tok', fetch: holder.fetch });
    await client.get('/discovery/status', { version: 1, authenticated: false });
    expect(holder.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('turns a CDS error body into a CdsRequestError with the holder’s codes', async () => {
    const errors = [
      {
        code: 'urn:au-cds:error:cds-all:Header/UnsupportedVersion',
        title: 'Unsupported Version',
        detail: 'x-v 9',
      },
    ];
    const holder = createFakeCdsHolder({
      accounts,
      failures: { '/banking/accounts': { status: 406, errors } },
    });
    const client = createCdsHttpClient({ baseUrl: fakeHolderBase, fetch: holder.fetch });
    const error = await failureOf(client.get('/banking/accounts', { version: 9 }));
    expect(error).toMatchObject({ kind: 'http', status: 406 });
    expect(error.codes()).toEqual(['urn:au-cds:error:cds-all:Header/UnsupportedVersion']);
  });

  it('reads how long the holder asks to be left alone from a 429’s Retry-After', async () => {
    const tooMany = tooManyRequestsError;
    const holder = createFakeCdsHolder({
      accounts,
      failures: {
        // The first key a path contains answers it.
        '/banking/accounts/balances': { status: 400, errors: [tooMany], headers: { 'retry-after': '120' } },
        '/banking/accounts': { status: 429, errors: [tooMany], headers: { 'retry-after': '120' } },
      },
    });
    const client = createCdsHttpClient({ baseUrl: fakeHolderBase, fetch: holder.fetch });
    expect(await failureOf(client.get('/banking/accounts', { version: 2 }))).toMatchObject({
      status: 429,
      retryAfterMs: 120_000,
    });
    // Only a 429 or 503 asks for a wait.
    const refused = await failureOf(client.get('/banking/accounts/balances', { version: 1 }));
    expect(refused.status).toBe(400);
    expect(refused.retryAfterMs).toBeUndefined();
  });

  it('refuses a served version outside what was asked for', async () => {
    const holder = createFakeCdsHolder({ accounts, servedVersion: () => 4 });
    const client = createCdsHttpClient({ baseUrl: fakeHolderBase, fetch: holder.fetch });
    expect((await failureOf(client.get('/banking/accounts', { version: 3 }))).kind).toBe('invalid_response');
  });

  it('gives up after the timeout', async () => {
    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const client = createCdsHttpClient({ baseUrl: fakeHolderBase, fetch: never, timeoutMs: 20 });
    expect((await failureOf(client.get('/banking/accounts', { version: 3 }))).kind).toBe('timeout');
  });

  it('follows no redirect: a holder cannot send the platform, or the token, elsewhere', async () => {
    const asked: string[] = [];
    const redirecting: typeof fetch = async (input, init) => {
      asked.push(String(input));
      expect(init?.redirect).toBe('manual');
      return new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/latest/' } });
    };
    const client = createCdsHttpClient({ baseUrl: fakeHolderBase, accessToken: 'tok', fetch: redirecting });
    const error = await failureOf(client.get('/banking/accounts', { version: 3 }));
    expect(error.kind).toBe('invalid_response');
    expect(error.message).toContain('redirect (302)');
    expect(asked).toHaveLength(1);
  });

  it('refuses an answer larger than 10 MB, whether or not it says so', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(32);
    const endless =
      (declared: boolean): typeof fetch =>
      async () => {
        let sent = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            sent += 1;
            if (sent > 20) controller.close();
            else controller.enqueue(chunk);
          },
        });
        const headers: Record<string, string> = { 'x-v': '3' };
        if (declared) headers['content-length'] = String(20 * chunk.byteLength);
        return new Response(body, { status: 200, headers });
      };
    for (const declared of [true, false]) {
      const client = createCdsHttpClient({ baseUrl: fakeHolderBase, fetch: endless(declared) });
      const error = await failureOf(client.get('/banking/accounts', { version: 3 }));
      expect(error.kind).toBe('invalid_response');
      expect(error.message).toContain(`more than ${maxCdsBodyBytes} bytes`);
    }
  });

  it('takes an answer cut short while its body is read for a network failure, retried later', async () => {
    const cut: typeof fetch = async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":'));
          controller.error(new Error('socket hang up'));
        },
      });
      return new Response(body, { status: 200, headers: { 'x-v': '3' } });
    };
    const client = createCdsHttpClient({ baseUrl: fakeHolderBase, fetch: cut });
    const error = await failureOf(client.get('/banking/accounts', { version: 3 }));
    expect(error.kind).toBe('network');
  });

  it('does not follow a link to another server', async () => {
    const holder = createFakeCdsHolder({ accounts });
    const client = createCdsHttpClient({ baseUrl: fakeHolderBase, accessToken: 'tok', fetch: holder.fetch });
    const error = await failureOf(
      client.get('https://elsewhere.test/cds-au/v1/banking/accounts?page=2', { version: 3 }),
    );
    expect(error.kind).toBe('invalid_response');
    expect(holder.requests).toHaveLength(0);
  });
});
