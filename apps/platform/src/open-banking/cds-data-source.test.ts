import { describe, expect, it } from 'vitest';
import { createCdsBankingClient } from './cds-banking-client.ts';
import { createCdsDataSource } from './cds-data-source.ts';
import { createCdsHttpClient } from './cds-http-client.ts';
import { mapDiscoveryStatus } from './map-discovery-status.ts';
import {
  createFakeCdsHolder,
  type FakeCdsHolderOptions,
  fakeHolderBase,
  tooManyRequestsError,
} from './testing/fake-cds-holder.ts';

const window = { oldestTime: new Date('2025-01-01T00:00:00Z') };
const everyday = {
  accountId: 'a1',
  productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
  productName: 'Everyday',
  transactions: 10_500,
};
const card = {
  accountId: 'a2',
  productCategory: 'CRED_AND_CHRG_CARDS',
  productName: 'Visa',
  transactions: 3,
};

function sourceFor(options: FakeCdsHolderOptions) {
  const holder = createFakeCdsHolder(options);
  const client = createCdsBankingClient(
    createCdsHttpClient({ baseUrl: fakeHolderBase, accessToken: 'tok', fetch: holder.fetch }),
  );
  return { holder, client, source: createCdsDataSource(client) };
}

describe('createCdsDataSource', () => {
  it('pulls every account and pages through 10,500 transactions completely, without duplicates', async () => {
    const { holder, source } = sourceFor({ accounts: [everyday, card] });
    const pull = await source.pull(window);
    expect(pull.outcome).toEqual({
      providerAccountStatus: 'success',
      refreshStatus: 'success',
      refreshSubStatus: null,
      temporary: false,
    });
    const transactions = pull.accounts[0]?.transactions ?? [];
    expect(transactions).toHaveLength(10_500);
    expect(new Set(transactions.map((transaction) => transaction.externalId)).size).toBe(10_500);
    expect(pull.accounts[1]?.account).toMatchObject({ container: 'credit_card', currentBalance: '-1500.50' });
    const transactionCalls = holder.requests.filter((request) =>
      request.url.pathname.endsWith('/a1/transactions'),
    );
    expect(transactionCalls).toHaveLength(11);
    expect(transactionCalls[0]?.url.searchParams.get('oldest-time')).toBe('2025-01-01T00:00:00Z');
    expect(transactionCalls.every((request) => request.headers['x-v'] === '2')).toBe(true);
  });

  it('reads each account from its own oldest time, and one it has none for from the window’s', async () => {
    const { holder, source } = sourceFor({ accounts: [{ ...everyday, transactions: 3 }, card] });
    const pull = await source.pull({
      ...window,
      accountOldestTimes: new Map([['a2', new Date('2026-11-06T03:00:00.000Z')]]),
    });
    expect(pull.outcome.refreshStatus).toBe('success');
    const asked = (accountId: string) =>
      holder.requests
        .filter((request) => request.url.pathname.endsWith(`/${accountId}/transactions`))
        .map((request) => request.url.searchParams.get('oldest-time'));
    // Before 2026-12-03 a pull read every account it held transactions of from one time.
    expect(asked('a1')).toEqual(['2025-01-01T00:00:00Z']);
    expect(asked('a2')).toEqual(['2026-11-06T03:00:00Z']);
  });

  it('is a partial success when one account’s transactions fail', async () => {
    const unavailable = {
      code: 'urn:au-cds:error:cds-all:Service/Unavailable',
      title: 'Service Unavailable',
      detail: 'x',
    };
    const { source } = sourceFor({
      accounts: [everyday, card],
      failures: { '/a2/transactions': { status: 503, errors: [unavailable] } },
    });
    const pull = await source.pull(window);
    expect(pull.outcome).toMatchObject({
      providerAccountStatus: 'success',
      refreshStatus: 'partial_success',
      refreshSubStatus: 'site_error',
    });
    expect(pull.accounts[1]).toMatchObject({
      transactions: undefined,
      failure: { refreshStatus: 'temporary_failure' },
    });
  });

  it('asks for no other account’s transactions once the holder answers 429, and keeps its wait', async () => {
    const tooMany = tooManyRequestsError;
    const { holder, source } = sourceFor({
      accounts: [{ ...everyday, transactions: 3 }, card],
      failures: { '/a1/transactions': { status: 429, errors: [tooMany], headers: { 'retry-after': '900' } } },
    });
    const pull = await source.pull(window);
    // Before 2026-12-02 the next account was asked all the same, and the wait was not read.
    expect(holder.requests.some((request) => request.url.pathname.endsWith('/a2/transactions'))).toBe(false);
    expect(pull.accounts.map((entry) => entry.transactions)).toEqual([undefined, undefined]);
    expect(pull.outcome).toEqual({
      providerAccountStatus: 'failed',
      refreshStatus: 'temporary_failure',
      refreshSubStatus: 'site_error',
      temporary: true,
      retryAfterMs: 900_000,
    });
  });

  it('reads the accounts a 429 left unread once the holder’s wait has passed, not a day later', async () => {
    const tooMany = tooManyRequestsError;
    const { source } = sourceFor({
      accounts: [{ ...everyday, transactions: 3 }, card],
      failures: { '/a2/transactions': { status: 429, errors: [tooMany], headers: { 'retry-after': '120' } } },
    });
    const pull = await source.pull(window);
    expect(pull.outcome).toEqual({
      providerAccountStatus: 'success',
      refreshStatus: 'partial_success',
      refreshSubStatus: 'site_error',
      temporary: true,
      retryAfterMs: 120_000,
    });
  });

  it('needs the client’s action when the holder asks for MFA, and reads nothing', async () => {
    const mfa = { code: 'urn:waratah:data-holder:Authorisation/MfaRequired', title: 'MFA', detail: 'x' };
    const { source } = sourceFor({
      accounts: [everyday],
      failures: { '/common/customer': { status: 403, errors: [mfa] } },
    });
    const pull = await source.pull(window);
    expect(pull).toEqual({
      accounts: [],
      outcome: {
        providerAccountStatus: 'needs_action',
        refreshStatus: 'input_required',
        refreshSubStatus: 'mfa_needed',
        temporary: false,
      },
    });
  });

  it('reports a closed account in the sub-status', async () => {
    const { source } = sourceFor({ accounts: [{ ...card, openStatus: 'CLOSED' }] });
    expect((await source.pull(window)).outcome.refreshSubStatus).toBe('account_closed');
  });

  it('maps the discovery status onto the provider status', async () => {
    const { client } = sourceFor({ accounts: [] });
    expect(mapDiscoveryStatus(await client.getStatus())).toBe('supported');
    expect(mapDiscoveryStatus({ status: 'UNAVAILABLE', updateTime: 'x' })).toBe('outage');
    expect(mapDiscoveryStatus({ status: 'PARTIAL_FAILURE', updateTime: 'x' })).toBe('supported');
  });
});
