import { describe, expect, it } from 'vitest';
import { createCdsHttpClient } from './cds-http-client.ts';
import { CdsRequestError } from './cds-request-error.ts';
import { createFakeCdsHolder, fakeHolderBase } from './testing/fake-cds-holder.ts';

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
