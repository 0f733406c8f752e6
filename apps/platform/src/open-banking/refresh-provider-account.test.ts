import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import { markRefreshQueued } from '../aggregation/provider-accounts-repository.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { connectProviderAccount } from './connect-provider-account.ts';
import { dueProviderAccountIds } from './refresh-jobs.ts';
import { refreshProviderAccount } from './refresh-provider-account.ts';
import { storePull } from './store-pull.ts';
import { fetchHeldAtAccounts } from './testing/fetch-held-at-accounts.ts';
import { holderNow, openBankingFixture } from './testing/open-banking-fixture.ts';

let fixture: Awaited<ReturnType<typeof openBankingFixture>>;
beforeAll(async () => {
  fixture = await openBankingFixture();
});
afterAll(async () => {
  await fixture.close();
});

async function clientData(scope: ClientScope) {
  const transactions = await fixture.db
    .selectFrom('transactions')
    .select(['id', 'external_id', 'status', sql<string>`amount::text`.as('amount')])
    .where('client_id', '=', scope.clientId)
    .orderBy('id')
    .execute();
  const accounts = await fixture.db
    .selectFrom('accounts')
    .select(['id', sql<string>`current_balance::text`.as('balance')])
    .where('client_id', '=', scope.clientId)
    .orderBy('id')
    .execute();
  return { transactions, accounts };
}

/** A pull's outcome when every account was read. */
const succeeded = {
  providerAccountStatus: 'success' as const,
  refreshStatus: 'success' as const,
  refreshSubStatus: null,
  temporary: false,
};

/** An everyday account as a holder lists it. */
function sourcedAccount(externalId: string, accountName: string, currentBalance: string) {
  return {
    externalId,
    accountName,
    nickName: null,
    accountNumber: null,
    container: 'bank' as const,
    accountType: 'bank_account' as const,
    holderType: 'individual' as const,
    accountStatus: 'active' as const,
    currentBalance,
    availableBalance: null,
    currency: 'AUD',
  };
}

async function statusOf(providerAccountId: number) {
  return fixture.db
    .selectFrom('provider_accounts')
    .select(['status', 'refresh_status', 'refresh_sub_status', 'next_refresh', 'last_refreshed'])
    .where('id', '=', providerAccountId)
    .executeTakeFirstOrThrow();
}

// biome-ignore lint/suspicious/noExplicitAny: a holder's JSON answer, rewritten by a test
type HolderBody = any;

/**
 * The simulated holder, each successful JSON answer passed through `rewrite` (by its path), and
 * every request's headers kept in `requests`.
 */
function rewritingFetch(
  rewrite: (path: string, body: HolderBody, url: URL) => HolderBody,
  requests: { path: string; headers: Record<string, string> }[] = [],
): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const path = url.pathname;
    requests.push({ path, headers: { ...(init?.headers as Record<string, string>) } });
    const response = await fixture.fetch(input, init);
    if (!response.ok) return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    const body = rewrite(path, await response.json(), url);
    return new Response(JSON.stringify(body), { status: response.status, headers });
  };
}

async function syncedAt(providerAccountId: number) {
  const row = await fixture.db
    .selectFrom('provider_accounts')
    .select('transactions_synced_at')
    .where('id', '=', providerAccountId)
    .executeTakeFirstOrThrow();
  return row.transactions_synced_at;
}

/** Each of the client's accounts (by the holder's id) with its oldest transaction's date. */
async function oldestByAccount(scope: ClientScope) {
  const rows = await fixture.db
    .selectFrom('accounts as a')
    .leftJoin('transactions as t', 't.account_id', 'a.id')
    .select(['a.external_id', sql<string | null>`min(t.transaction_date)::text`.as('oldest')])
    .where('a.client_id', '=', scope.clientId)
    .groupBy('a.external_id')
    .execute();
  return new Map(rows.map((row) => [row.external_id ?? '', row.oldest]));
}

const day = 24 * 3600 * 1000;

/** A time as a refresh asks the holder for it (`oldest-time`: RFC 3339 without milliseconds). */
const cdsTime = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The simulated holder, through `inner` (default: as it is), keeping the `oldest-time` each
 * account's transactions were first asked with, by the holder's account id.
 */
function oldestTimesAsked(inner: typeof fetch = fixture.fetch) {
  const asked = new Map<string, string>();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    const account = /\/banking\/accounts\/([^/]+)\/transactions$/.exec(url.pathname)?.[1];
    if (account !== undefined && !asked.has(decodeURIComponent(account)))
      asked.set(decodeURIComponent(account), url.searchParams.get('oldest-time') ?? '');
    return inner(input, init);
  };
  return { fetch, asked };
}

/** Each of a connection's accounts' own transactions mark, by the holder's account id. */
async function accountMarks(providerAccountId: number) {
  const rows = await fixture.db
    .selectFrom('accounts')
    .select(['external_id', 'transactions_synced_at'])
    .where('provider_account_id', '=', providerAccountId)
    .execute();
  return new Map(rows.map((row) => [row.external_id ?? '', row.transactions_synced_at]));
}

/** A client connected to Harbour Bank and refreshed once, successfully. */
async function refreshedClient(customerId: string) {
  const { scope, providerAccount } = await fixture.connect('harbour-bank', customerId);
  const first = await refreshProviderAccount(fixture.db, providerAccount.id, fixture.refreshOptions);
  expect(first.outcome.refreshStatus).toBe('success');
  return { scope, id: providerAccount.id, before: await clientData(scope) };
}

describe('refreshProviderAccount against the simulated data holder', () => {
  it('stores accounts and transactions, and a second refresh adds nothing', async () => {
    const { scope, id, before } = await refreshedClient('amelia-nguyen');
    expect(before.accounts).toHaveLength(3);
    expect(before.transactions.length).toBeGreaterThan(100);
    expect(await statusOf(id)).toMatchObject({
      status: 'success',
      refresh_status: 'success',
      refresh_sub_status: null,
    });

    const again = await refreshProviderAccount(fixture.db, id, fixture.refreshOptions);
    expect(again.stored?.transactionsAdded).toBe(0);
    const after = await clientData(scope);
    expect(after.transactions.map((row) => row.id)).toEqual(before.transactions.map((row) => row.id));
  });

  it('matches pending transactions to their posted selves when time moves on', async () => {
    const { scope, id, before } = await refreshedClient('priya-sharma');
    const pending = before.transactions.filter((row) => row.status === 'pending');
    expect(pending.length).toBeGreaterThan(0);
    fixture.holder.clock.set(new Date('2026-11-25T03:00:00Z'));
    try {
      await refreshProviderAccount(fixture.db, id, fixture.refreshOptions);
    } finally {
      fixture.holder.clock.set(new Date('2026-11-20T03:00:00Z'));
    }
    const after = await clientData(scope);
    const externalIds = after.transactions.map((row) => row.external_id);
    expect(new Set(externalIds).size).toBe(externalIds.length);
    for (const row of pending) {
      const now = after.transactions.find((candidate) => candidate.id === row.id);
      expect(now).toMatchObject({ status: 'posted', amount: row.amount });
    }
  });

  it('keeps what was set on a pending payment that posts under a new id and amount, by its description', async () => {
    const { scope, id } = await refreshedClient('tip-added');
    const target = { tenantId: scope.tenantId, clientId: scope.clientId, providerAccountId: id };
    const outcome = succeeded;
    const account = sourcedAccount('card', 'Everyday card', '100.00');
    const transaction = (
      externalId: string,
      status: 'pending' | 'posted',
      amount: string,
      description: string,
      date: string,
    ) => ({
      externalId,
      status,
      amount,
      currency: 'AUD',
      baseType: amount.startsWith('-') ? ('debit' as const) : ('credit' as const),
      transactionDate: date,
      postDate: status === 'posted' ? date : null,
      description,
      merchantName: null,
      merchantCategoryCode: null,
      reference: null,
    });
    const store = (transactions: ReturnType<typeof transaction>[]) =>
      storePull(
        fixture.db,
        target,
        { accounts: [{ account, transactions, failure: undefined }], outcome },
        { outcome, now: new Date(), nextRefresh: null, windowStart: '2026-11-01' },
      );
    await store([
      transaction('auth-tip', 'pending', '-50.00', 'THE LOCAL  CAFE', '2026-11-18'),
      // A hold cancelled: of what the café's payment came to with its tip.
      transaction('auth-petrol', 'pending', '-57.50', 'PETROL', '2026-11-18'),
      transaction('auth-same', 'pending', '-20.00', 'CORNER STORE', '2026-11-18'),
    ]);
    const rows = () =>
      fixture.db
        .selectFrom('transactions')
        .innerJoin('accounts', 'accounts.id', 'transactions.account_id')
        .select([
          'transactions.id',
          'transactions.external_id',
          'transactions.status',
          sql<string>`transactions.amount::text`.as('amount'),
          sql<string>`transactions.transaction_date::text`.as('date'),
          sql<string | null>`transactions.post_date::text`.as('posted'),
          'transactions.description_original as description',
          'transactions.category_id',
          'transactions.tags',
          'transactions.memo',
          'transactions.included',
        ])
        .where('transactions.client_id', '=', scope.clientId)
        .where('accounts.external_id', '=', 'card')
        .orderBy('transactions.external_id')
        .execute();
    const pending = await rows();
    expect(pending.map((row) => row.external_id)).toEqual(['auth-petrol', 'auth-same', 'auth-tip']);
    const category = await fixture.db
      .selectFrom('transaction_categories')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const set = {
      category_id: category.id,
      tags: ['client meeting'],
      memo: 'Client lunch',
      included: false,
    };
    await fixture.db
      .updateTable('transactions')
      .set({ ...set, tags: JSON.stringify(set.tags) })
      .where(
        'id',
        'in',
        pending.map((row) => row.id),
      )
      .execute();
    const idOf = (externalId: string) => pending.find((row) => row.external_id === externalId)?.id;

    await store([
      // A tip added: a new id and amount, the same description (its spaces aside).
      transaction('post-tip', 'posted', '-57.50', 'The Local Cafe', '2026-11-19'),
      // The same amount under a new id and description: matched by its amount, as before.
      transaction('post-same', 'posted', '-20.00', 'CORNER STORE PTY LTD', '2026-11-19'),
    ]);
    // Before 2026-12-01 the café's payment took the petrol hold's row, and the café's hold went.
    expect(await rows()).toEqual([
      {
        ...set,
        id: idOf('auth-same'),
        external_id: 'post-same',
        status: 'posted',
        amount: '-20.00',
        date: '2026-11-19',
        posted: '2026-11-19',
        description: 'CORNER STORE PTY LTD',
      },
      {
        ...set,
        id: idOf('auth-tip'),
        external_id: 'post-tip',
        status: 'posted',
        amount: '-57.50',
        date: '2026-11-19',
        posted: '2026-11-19',
        description: 'The Local Cafe',
      },
    ]);
  });

  it('pages through more than 10,000 transactions of one account, each stored once', async () => {
    const { scope, providerAccount } = await fixture.connect('harbour-bank', 'coastal-coffee');
    const result = await refreshProviderAccount(fixture.db, providerAccount.id, fixture.refreshOptions);
    expect(result.outcome.refreshStatus).toBe('success');
    const perAccount = await fixture.db
      .selectFrom('transactions')
      .select([
        'account_id',
        sql<number>`count(*)::int`.as('count'),
        sql<number>`count(distinct external_id)::int`.as('distinct'),
      ])
      .where('client_id', '=', scope.clientId)
      .groupBy('account_id')
      .execute();
    const largest = perAccount.reduce((most, row) => (row.count > most.count ? row : most));
    expect(largest.count).toBeGreaterThan(10_000);
    expect(largest.distinct).toBe(largest.count);
  }, 120_000);

  const faults = [
    {
      fault: 'outage' as const,
      expected: { status: 'failed', refresh_status: 'temporary_failure', refresh_sub_status: 'site_error' },
      temporary: true,
    },
    {
      fault: 'timeout' as const,
      expected: { status: 'failed', refresh_status: 'temporary_failure', refresh_sub_status: 'site_error' },
      temporary: true,
    },
    {
      fault: 'mfa_needed' as const,
      expected: {
        status: 'needs_action',
        refresh_status: 'input_required',
        refresh_sub_status: 'mfa_needed',
      },
      temporary: false,
    },
    {
      fault: 'invalid_credentials' as const,
      expected: {
        status: 'needs_action',
        refresh_status: 'relogin_required',
        refresh_sub_status: 'invalid_credentials',
      },
      temporary: false,
    },
  ];
  for (const { fault, expected, temporary } of faults) {
    it(`records ${expected.refresh_status}/${expected.refresh_sub_status} for a holder ${fault}, keeping the data`, async () => {
      const customerId = `fault-${fault.replace('_', '-')}`;
      const { scope, id, before } = await refreshedClient(customerId);
      fixture.holder.faults.set({ bank: 'harbour-bank', fault, customerId, delayMs: 1_500 });
      try {
        const result = await refreshProviderAccount(fixture.db, id, fixture.refreshOptions);
        expect(result.outcome.temporary).toBe(temporary);
        expect(result.nextRefresh === null).toBe(!temporary);
      } finally {
        fixture.holder.faults.clear({ bank: 'harbour-bank', customerId });
      }
      expect(await statusOf(id)).toMatchObject(expected);
      expect(await clientData(scope)).toEqual(before);
    });
  }

  it('marks the provider as in an outage from the holder’s discovery status', async () => {
    const { id } = await refreshedClient('outage-watcher');
    fixture.holder.faults.set({ bank: 'harbour-bank', fault: 'outage' });
    try {
      await refreshProviderAccount(fixture.db, id, fixture.refreshOptions);
      const provider = await fixture.db
        .selectFrom('providers')
        .select('status')
        .where('id', '=', fixture.providerIds['harbour-bank'] ?? 0)
        .executeTakeFirstOrThrow();
      expect(provider.status).toBe('outage');
    } finally {
      fixture.holder.faults.clear({ bank: 'harbour-bank' });
    }
    await refreshProviderAccount(fixture.db, id, fixture.refreshOptions);
    const provider = await fixture.db
      .selectFrom('providers')
      .select('status')
      .where('id', '=', fixture.providerIds['harbour-bank'] ?? 0)
      .executeTakeFirstOrThrow();
    expect(provider.status).toBe('supported');
  });

  it('is a partial success when some accounts’ transactions fail, updating only the others', async () => {
    const { id } = await refreshedClient('partial-person');
    fixture.holder.faults.set({
      bank: 'harbour-bank',
      fault: 'partial_failure',
      customerId: 'partial-person',
    });
    try {
      const result = await refreshProviderAccount(fixture.db, id, fixture.refreshOptions);
      expect(result.stored?.accounts).toBeGreaterThan(0);
    } finally {
      fixture.holder.faults.clear({ bank: 'harbour-bank', customerId: 'partial-person' });
    }
    expect(await statusOf(id)).toMatchObject({
      status: 'success',
      refresh_status: 'partial_success',
      refresh_sub_status: 'site_error',
    });
  });

  it('reads again, at the next refresh, the history of accounts whose transactions failed', async () => {
    // A first refresh where every second account's transactions fail: those get their 730 days
    // at the next refresh, not only the 14 days before the last one (before 2026-11-30).
    const { scope, providerAccount } = await fixture.connect('harbour-bank', 'partial-first');
    fixture.holder.faults.set({
      bank: 'harbour-bank',
      fault: 'partial_failure',
      customerId: 'partial-first',
    });
    try {
      const partial = await refreshProviderAccount(fixture.db, providerAccount.id, fixture.refreshOptions);
      expect(partial.outcome.refreshStatus).toBe('partial_success');
    } finally {
      fixture.holder.faults.clear({ bank: 'harbour-bank', customerId: 'partial-first' });
    }
    const synced = () =>
      fixture.db
        .selectFrom('provider_accounts')
        .select('transactions_synced_at')
        .where('id', '=', providerAccount.id)
        .executeTakeFirstOrThrow();
    expect(await synced()).toEqual({ transactions_synced_at: null });
    const oldest = async () =>
      fixture.db
        .selectFrom('accounts as a')
        .leftJoin('transactions as t', 't.account_id', 'a.id')
        .select(['a.id', sql<string | null>`min(t.transaction_date)::text`.as('oldest')])
        .where('a.client_id', '=', scope.clientId)
        .groupBy('a.id')
        .orderBy('a.id')
        .execute();
    const before = await oldest();
    expect(before.some((account) => account.oldest === null)).toBe(true);

    // A day on the holder's clock: the real clock passes its consent's end one day (2027-11-20).
    const later = { ...fixture.refreshOptions, now: () => new Date(holderNow.getTime() + 24 * 3600 * 1000) };
    const full = await refreshProviderAccount(fixture.db, providerAccount.id, later);
    expect(full.outcome.refreshStatus).toBe('success');
    expect((await synced()).transactions_synced_at).toBeInstanceOf(Date);
    const monthAgo = new Date(holderNow.getTime() - 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    for (const account of await oldest()) {
      expect(account.oldest, `account ${account.id}`).not.toBeNull();
      expect((account.oldest ?? '') < monthAgo, `account ${account.id} from ${account.oldest}`).toBe(true);
    }
  });

  it('asks the client to consent again when the holder has revoked the consent', async () => {
    const { id } = await refreshedClient('revoked-person');
    const consent = await fixture.db
      .selectFrom('provider_accounts')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const row = await sql<{
      holder_consent_id: string;
    }>`select holder_consent_id from provider_accounts where id = ${consent.id}`.execute(fixture.db);
    await fixture.fetch(`http://holder.test/data-holder/admin/consents/${row.rows[0]?.holder_consent_id}`, {
      method: 'DELETE',
    });
    await refreshProviderAccount(fixture.db, id, fixture.refreshOptions);
    expect(await statusOf(id)).toMatchObject({
      status: 'needs_action',
      refresh_status: 'relogin_required',
      refresh_sub_status: 'verify_credentials',
    });
  });

  it('records nothing over a reconnect made while it ran', async () => {
    const { id } = await refreshedClient('reconnected-meanwhile');
    const reconnected = { holder_consent_id: 'consent-of-the-reconnect', status: 'updating' as const };
    const due = new Date('2026-11-20T03:00:00Z');
    // The client reconnects while this refresh reads the holder; the old consent is then ended, so
    // the holder refuses it (as revoked).
    const fetchDuringReconnect: typeof fetch = async (input, init) => {
      if (String(input).includes('/banking/accounts')) {
        await fixture.db
          .updateTable('provider_accounts')
          .set({ ...reconnected, next_refresh: due })
          .where('id', '=', id)
          .execute();
        return new Response(
          JSON.stringify({
            errors: [
              {
                code: 'urn:au-cds:error:cds-all:Authorisation/RevokedConsent',
                title: 'Consent Revoked',
                detail: 'revoked',
              },
            ],
          }),
          {
            status: 403,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return fixture.refreshOptions.fetch(input, init);
    };
    const result = await refreshProviderAccount(fixture.db, id, {
      ...fixture.refreshOptions,
      fetch: fetchDuringReconnect,
    });
    expect(result.outcome.providerAccountStatus).toBe('needs_action');
    // Not recorded, and said so: the refresh job runs again, with the new consent.
    expect(result.superseded).toBe(true);
    // Before 2026-11-30: needs_action over the reconnect's status, and next_refresh cleared.
    expect(
      await fixture.db
        .selectFrom('provider_accounts')
        .select(['holder_consent_id', 'status', 'next_refresh'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ ...reconnected, next_refresh: due });
  });

  it('records needs_action at connection when the holder asks for MFA', async () => {
    fixture.holder.faults.set({ bank: 'harbour-bank', fault: 'mfa_needed', customerId: 'mfa-at-connect' });
    try {
      const { providerAccount } = await fixture.connect('harbour-bank', 'mfa-at-connect');
      expect(providerAccount.refresh_status).toMatchObject({
        status: 'needs_action',
        sub_status: 'input_required',
        additional_status: 'mfa_needed',
      });
      const result = await refreshProviderAccount(fixture.db, providerAccount.id, fixture.refreshOptions);
      expect(result.outcome.refreshStatus).toBe('relogin_required');
    } finally {
      fixture.holder.faults.clear({ bank: 'harbour-bank', customerId: 'mfa-at-connect' });
    }
  });

  it('leaves the previous data intact when storing fails half-way', async () => {
    const { scope, id, before } = await refreshedClient('half-way');
    const accountId = before.accounts[1]?.id ?? 0;
    const account = await fixture.db
      .selectFrom('accounts')
      .select(['account_name'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    const sourced = (externalId: string) => sourcedAccount(externalId, account.account_name, '999999.99');
    const good = { externalId: 'new-1', amount: '-5.00', currency: 'AUD', baseType: 'debit' as const };
    const common = {
      status: 'posted' as const,
      transactionDate: '2026-11-19',
      postDate: '2026-11-19',
      description: 'TEST',
      merchantName: null,
      merchantCategoryCode: null,
      reference: null,
    };
    const pull = {
      accounts: [
        { account: sourced('first'), transactions: [{ ...good, ...common }], failure: undefined },
        // A credit with a negative amount breaks the sign check: the database refuses the second account.
        {
          account: sourced('second'),
          transactions: [{ ...good, externalId: 'bad', baseType: 'credit' as const, ...common }],
          failure: undefined,
        },
      ],
      outcome: succeeded,
    };
    await expect(
      storePull(
        fixture.db,
        { tenantId: scope.tenantId, clientId: scope.clientId, providerAccountId: id },
        pull,
        { outcome: pull.outcome, now: new Date(), nextRefresh: null, windowStart: '2026-11-01' },
      ),
    ).rejects.toThrow();
    expect(await clientData(scope)).toEqual(before);
  });

  it('keeps the stored balance of an account the holder’s balances left out', async () => {
    const { scope, id, before } = await refreshedClient('no-balance');
    const stored = await fixture.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', before.accounts[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(stored.current_balance).not.toBe('0.00');
    const outcome = succeeded;
    const account = {
      externalId: stored.external_id ?? '',
      accountName: stored.account_name,
      nickName: null,
      accountNumber: stored.account_number,
      container: 'bank' as const,
      accountType: 'bank_account' as const,
      holderType: 'individual' as const,
      accountStatus: 'active' as const,
      currentBalance: '0.00',
      availableBalance: null,
      currency: 'AUD',
      balanceMissing: true,
    };
    await storePull(
      fixture.db,
      { tenantId: scope.tenantId, clientId: scope.clientId, providerAccountId: id },
      { accounts: [{ account, transactions: undefined, failure: undefined }], outcome },
      { outcome, now: new Date(), nextRefresh: null, windowStart: '2026-11-01' },
    );
    // Before 2026-11-30 the balance became 0.00.
    expect((await clientData(scope)).accounts).toEqual(before.accounts);
  });
  it('stores a pending transaction without any time, dated the pull’s day, and removes it once cancelled', async () => {
    const { scope, providerAccount } = await fixture.connect('harbour-bank', 'timeless-pending');
    const timeless = new Set<string>();
    // The holder leaves every time out of its pending transactions (CDS allows it).
    const withoutTimes = rewritingFetch((path, body) => {
      if (!path.endsWith('/transactions')) return body;
      for (const transaction of body.data.transactions) {
        if (transaction.status !== 'PENDING') continue;
        delete transaction.executionDateTime;
        delete transaction.valueDateTime;
        delete transaction.postingDateTime;
        timeless.add(transaction.transactionId);
      }
      return body;
    });
    const first = await refreshProviderAccount(fixture.db, providerAccount.id, {
      ...fixture.refreshOptions,
      fetch: withoutTimes,
    });
    expect(timeless.size).toBeGreaterThan(0);
    // Before 2026-12-02 each account with one failed (permanent_failure / unknown_error), none
    // of its transactions stored, and the window never moved on.
    expect(first.outcome).toMatchObject({ refreshStatus: 'success', refreshSubStatus: null });
    expect(await syncedAt(providerAccount.id)).toEqual(holderNow);
    const stored = await fixture.db
      .selectFrom('transactions')
      .select(['external_id', 'status', sql<string>`transaction_date::text`.as('date')])
      .where('client_id', '=', scope.clientId)
      .where('external_id', 'in', [...timeless])
      .execute();
    // 03:00 UTC on 20 November is the afternoon of the 20th in Sydney.
    expect(stored).toHaveLength(timeless.size);
    expect(stored.every((row) => row.status === 'pending' && row.date === '2026-11-20')).toBe(true);

    // The holder no longer lists them (cancelled): inside the next window, so they are removed.
    const withoutThem = rewritingFetch((path, body) => {
      if (!path.endsWith('/transactions')) return body;
      body.data.transactions = body.data.transactions.filter(
        (transaction: { transactionId: string }) => !timeless.has(transaction.transactionId),
      );
      return body;
    });
    const second = await refreshProviderAccount(fixture.db, providerAccount.id, {
      ...fixture.refreshOptions,
      fetch: withoutThem,
    });
    expect(second.stored?.pendingRemoved).toBe(timeless.size);
  });

  it('reads the time an account was left out of the holder’s list once it is listed again, and marks it inactive meanwhile', async () => {
    const { scope, id } = await refreshedClient('account-left-out');
    // The account with the most transactions: one with some in every fortnight.
    const [busiest] = await fixture.db
      .selectFrom('accounts as a')
      .innerJoin('transactions as t', 't.account_id', 'a.id')
      .select(['a.id', 'a.external_id', sql<number>`count(*)::int`.as('count')])
      .where('a.provider_account_id', '=', id)
      .groupBy(['a.id', 'a.external_id'])
      .orderBy('count', 'desc')
      .orderBy('a.id')
      .execute();
    const leftOut = busiest?.external_id ?? '';
    // A closed account the holder leaves out too stays closed (it is not current either).
    const closed = await fixture.db
      .updateTable('accounts')
      .set({ account_status: 'closed' })
      .where('provider_account_id', '=', id)
      .where('external_id', '!=', leftOut)
      .where('id', '=', (eb) =>
        eb
          .selectFrom('accounts')
          .select(eb.fn.min('id').as('id'))
          .where('provider_account_id', '=', id)
          .where('external_id', '!=', leftOut),
      )
      .returning('external_id')
      .executeTakeFirstOrThrow();
    const statuses = async () =>
      new Map(
        (
          await fixture.db
            .selectFrom('accounts')
            .select(['external_id', 'account_status'])
            .where('provider_account_id', '=', id)
            .execute()
        ).map((row) => [row.external_id, row.account_status]),
      );
    const withoutIt = rewritingFetch((path, body) => {
      if (path.endsWith('/banking/accounts')) {
        body.data.accounts = body.data.accounts.filter(
          (account: { accountId: string }) =>
            account.accountId !== leftOut && account.accountId !== closed.external_id,
        );
      }
      return body;
    });
    const monthLater = new Date(holderNow.getTime() + 30 * day);
    fixture.holder.clock.set(monthLater);
    try {
      const without = await refreshProviderAccount(fixture.db, id, {
        ...fixture.refreshOptions,
        fetch: withoutIt,
      });
      expect(without.outcome.refreshStatus).toBe('success');
      expect(without.stored?.accountsUnlisted).toBe(2);
      // The window moves on (the accounts listed were all read); before 2026-12-03 the account
      // left out stayed `active`, and, listed again, was read over that window only.
      expect(await syncedAt(id)).toEqual(monthLater);
      const marked = await statuses();
      expect(marked.get(leftOut)).toBe('inactive');
      expect(marked.get(closed.external_id)).toBe('closed');
      expect([...marked.values()].filter((status) => status === 'inactive')).toHaveLength(1);

      // Listed again, at once: read over the first read's days, as an account not held.
      const back = await refreshProviderAccount(fixture.db, id, fixture.refreshOptions);
      expect(back.outcome.refreshStatus).toBe('success');
      expect(await syncedAt(id)).toEqual(monthLater);
      expect((await statuses()).get(leftOut)).toBe('active');
    } finally {
      fixture.holder.clock.set(holderNow);
    }
    // Its transactions of days a window from 14 days before the month's end leaves out (a week
    // more: the holder reads by the posting time, which may be days after the date).
    const gap = await fixture.db
      .selectFrom('transactions')
      .select('id')
      .where('client_id', '=', scope.clientId)
      .where('account_id', '=', busiest?.id ?? 0)
      .where('transaction_date', '>', sydneyToday(holderNow))
      .where('transaction_date', '<', sydneyToday(new Date(monthLater.getTime() - 21 * day)))
      .execute();
    expect(gap.length).toBeGreaterThan(0);
  });

  it('keeps a hold of the window’s first day that the holder leaves out for its time of day', async () => {
    const { scope, providerAccount } = await fixture.connect('harbour-bank', 'first-day-hold');
    // 10:00 in Sydney on 6 November. A refresh after one on 20 November at 03:00 UTC reads from 14
    // days before, 14:00 in Sydney on the 6th: the holder, which reads from that instant, leaves
    // it out, though it is still pending. (Since 2026-12-04 a refresh reads from the day before a
    // pending transaction of the last 45 days: so here the next refresh is 40 days later, none
    // between, when the hold is older.)
    const hold = {
      transactionId: 'first-day-hold',
      type: 'PAYMENT',
      status: 'PENDING',
      description: 'HARBOURSIDE HOTEL DEPOSIT',
      reference: '',
      executionDateTime: '2026-11-05T23:00:00Z',
      amount: '-200.00',
      currency: 'AUD',
    };
    let account = '';
    const holding = rewritingFetch((path, body, url) => {
      if (path.endsWith('/banking/accounts')) account ||= body.data.accounts[0].accountId;
      else if (
        path.endsWith(`/${account}/transactions`) &&
        !body.links.next &&
        hold.executionDateTime >= (url.searchParams.get('oldest-time') ?? '')
      ) {
        body.data.transactions.push({ ...hold, accountId: account });
      }
      return body;
    });
    const options = { ...fixture.refreshOptions, fetch: holding };
    await refreshProviderAccount(fixture.db, providerAccount.id, options);
    const stored = () =>
      fixture.db
        .selectFrom('transactions')
        .select(['status', 'memo', sql<string>`transaction_date::text`.as('date')])
        .where('client_id', '=', scope.clientId)
        .where('external_id', '=', hold.transactionId)
        .execute();
    expect(await stored()).toEqual([{ status: 'pending', memo: null, date: '2026-11-06' }]);
    await fixture.db
      .updateTable('transactions')
      .set({ memo: 'Conference stay' })
      .where('client_id', '=', scope.clientId)
      .where('external_id', '=', hold.transactionId)
      .execute();

    const asked = oldestTimesAsked(holding);
    fixture.holder.clock.set(new Date(holderNow.getTime() + 40 * day));
    const again = await refreshProviderAccount(fixture.db, providerAccount.id, {
      ...options,
      fetch: asked.fetch,
    }).finally(() => fixture.holder.clock.set(holderNow));
    expect(again.outcome.refreshStatus).toBe('success');
    expect(asked.asked.get(account)).toBe(cdsTime(holderNow.getTime() - 14 * day));
    // Before 2026-12-03 it was removed as cancelled, with its memo.
    expect(again.stored?.pendingRemoved).toBe(0);
    expect(await stored()).toEqual([{ status: 'pending', memo: 'Conference stay', date: '2026-11-06' }]);
  });

  it('keeps a refresh an adviser asks for while one runs: due again within the sweep’s 15 minutes', async () => {
    const { scope, id } = await refreshedClient('asked-meanwhile');
    // The refresh's clock two days ahead of the real one, whatever the date, so the next day it
    // would wait for is well after the adviser's click; the consent's end is the holder's (its
    // clock), not to lapse on this one.
    const refreshNow = new Date(Math.max(Date.now(), holderNow.getTime()) + 2 * day);
    await fixture.db
      .updateTable('provider_accounts')
      .set({ holder_consent_expires_at: null })
      .where('id', '=', id)
      .execute();
    const held = fetchHeldAtAccounts(fixture.fetch);
    const running = refreshProviderAccount(fixture.db, id, {
      ...fixture.refreshOptions,
      fetch: held.fetch,
      timeoutMs: 30_000,
      now: () => refreshNow,
    });
    await held.reached;
    // The adviser asks for a refresh now; this one's job is running, so no other is queued.
    await markRefreshQueued(fixture.db, scope, [id], async () => {});
    const askedAt = Date.now();
    held.release();
    const result = await running;
    expect(result.outcome.refreshStatus).toBe('success');
    // Before 2026-12-03 the refresh wrote its next day over the adviser's "now".
    expect(await dueProviderAccountIds(fixture.db, new Date(askedAt + 15 * 60_000))).toContain(id);
    expect(result.nextRefresh?.getTime()).toBeLessThanOrEqual(askedAt);
  });

  it('backs off when every account’s transactions fail for a time, though the accounts load', async () => {
    const { id } = await refreshedClient('all-transactions-busy');
    const accounts = await fixture.db
      .selectFrom('accounts')
      .select('external_id')
      .where('provider_account_id', '=', id)
      .execute();
    const record = () =>
      fixture.db
        .selectFrom('provider_accounts')
        .select(['refresh_status', 'refresh_failures', 'next_refresh'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const minutesAhead = (time: Date | null) => ((time?.getTime() ?? 0) - holderNow.getTime()) / 60_000;
    fixture.holder.faults.set({
      bank: 'harbour-bank',
      fault: 'partial_failure',
      customerId: 'all-transactions-busy',
      accountIds: accounts.map((account) => account.external_id ?? ''),
    });
    const waits: number[] = [];
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const result = await refreshProviderAccount(fixture.db, id, fixture.refreshOptions);
        expect(result.outcome).toMatchObject({ refreshStatus: 'temporary_failure', temporary: true });
        expect(result.stored?.accounts).toBe(accounts.length);
        waits.push(minutesAhead(result.nextRefresh));
      }
    } finally {
      fixture.holder.faults.clear({ bank: 'harbour-bank', customerId: 'all-transactions-busy' });
    }
    // Before 2026-12-02 the count went back to 0 each time: 5, 5, 5 … minutes, for ever.
    expect(waits).toEqual([5, 10, 20]);
    const failing = await record();
    expect({ ...failing, next_refresh: minutesAhead(failing.next_refresh) }).toEqual({
      refresh_status: 'temporary_failure',
      refresh_failures: 3,
      next_refresh: 20,
    });
    await refreshProviderAccount(fixture.db, id, fixture.refreshOptions);
    const healthy = await record();
    expect({ ...healthy, next_refresh: minutesAhead(healthy.next_refresh) }).toEqual({
      refresh_status: 'success',
      refresh_failures: 0,
      next_refresh: 24 * 60,
    });
  });

  it('waits as long as the holder’s 429 asks before it tries again', async () => {
    const { id } = await refreshedClient('rate-limited');
    const tooMany = fixture.rateLimitedFetch(7200);
    const result = await refreshProviderAccount(fixture.db, id, {
      ...fixture.refreshOptions,
      fetch: tooMany,
    });
    expect(result.outcome).toMatchObject({ refreshStatus: 'temporary_failure', retryAfterMs: 7_200_000 });
    // Before 2026-12-02 the holder's wait was not read: the first try again was 5 minutes later.
    const { next_refresh } = await fixture.db
      .selectFrom('provider_accounts')
      .select('next_refresh')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(((next_refresh?.getTime() ?? 0) - holderNow.getTime()) / 60_000).toBe(120);
  });

  /** A refresh a day after the first, on the platform's clock (the holder's stays). */
  const nextDay = () => ({
    ...fixture.refreshOptions,
    now: () => new Date(holderNow.getTime() + 24 * 3600 * 1000),
  });
  const monthBefore = new Date(holderNow.getTime() - 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);

  /** A first refresh that the holder lists every account in but the first (added to the consent later). */
  async function refreshedWithoutFirstAccount(customerId: string) {
    const { scope, providerAccount } = await fixture.connect('harbour-bank', customerId);
    let added = '';
    const withoutIt = rewritingFetch((path, body) => {
      if (path.endsWith('/banking/accounts')) {
        added ||= body.data.accounts[0].accountId;
        body.data.accounts = body.data.accounts.filter(
          (account: { accountId: string }) => account.accountId !== added,
        );
      } else if (path.endsWith('/banking/accounts/balances')) {
        body.data.balances = body.data.balances.filter(
          (balance: { accountId: string }) => balance.accountId !== added,
        );
      }
      return body;
    });
    const first = await refreshProviderAccount(fixture.db, providerAccount.id, {
      ...fixture.refreshOptions,
      fetch: withoutIt,
    });
    expect(first.outcome.refreshStatus).toBe('success');
    expect((await oldestByAccount(scope)).has(added)).toBe(false);
    return { scope, id: providerAccount.id, added };
  }

  it('reads the whole history of an account added to the consent after the first refresh', async () => {
    const { scope, id, added } = await refreshedWithoutFirstAccount('account-added-later');
    const later = await refreshProviderAccount(fixture.db, id, nextDay());
    expect(later.outcome.refreshStatus).toBe('success');
    const oldest = (await oldestByAccount(scope)).get(added) ?? '';
    // Before 2026-12-02 it got the connection's window (from 14 days before the first): early November.
    expect(oldest < monthBefore, `the added account's history from ${oldest}`).toBe(true);
  });

  it('reads the whole history of an added account whose first read failed', async () => {
    const { scope, id, added } = await refreshedWithoutFirstAccount('account-added-failing');
    fixture.holder.faults.set({
      bank: 'harbour-bank',
      fault: 'partial_failure',
      customerId: 'account-added-failing',
      accountIds: [added],
    });
    try {
      const partial = await refreshProviderAccount(fixture.db, id, nextDay());
      expect(partial.outcome.refreshStatus).toBe('partial_success');
    } finally {
      fixture.holder.faults.clear({ bank: 'harbour-bank', customerId: 'account-added-failing' });
    }
    // Stored, without transactions: the next refresh still reads its first window.
    expect((await oldestByAccount(scope)).get(added)).toBeNull();
    await refreshProviderAccount(fixture.db, id, nextDay());
    const oldest = (await oldestByAccount(scope)).get(added) ?? '';
    expect(oldest < monthBefore, `the added account's history from ${oldest}`).toBe(true);
  });

  it('reads each account from its own last read: one whose transactions failed does not widen another’s window', async () => {
    const { id } = await refreshedClient('own-windows');
    const accounts = await fixture.db
      .selectFrom('accounts')
      .select('external_id')
      .where('provider_account_id', '=', id)
      .orderBy('id')
      .execute();
    expect(accounts.length).toBeGreaterThan(1);
    const [failing = '', ...others] = accounts.map((account) => account.external_id ?? '');
    /** A refresh `days` after the first, on the platform's clock (the holder's stays). */
    const after = (days: number, fetch: typeof globalThis.fetch = fixture.fetch) => ({
      ...fixture.refreshOptions,
      fetch,
      now: () => new Date(holderNow.getTime() + days * day),
    });
    fixture.holder.faults.set({
      bank: 'harbour-bank',
      fault: 'partial_failure',
      customerId: 'own-windows',
      accountIds: [failing],
    });
    try {
      const partial = await refreshProviderAccount(fixture.db, id, after(1));
      expect(partial.outcome.refreshStatus).toBe('partial_success');
    } finally {
      fixture.holder.faults.clear({ bank: 'harbour-bank', customerId: 'own-windows' });
    }

    const next = oldestTimesAsked();
    const full = await refreshProviderAccount(fixture.db, id, after(2, next.fetch));
    expect(full.outcome.refreshStatus).toBe('success');
    // The failing account from 14 days before the first refresh, the last that read it; the
    // others from 14 days before the day after. Before 2026-12-03 every account was read from 14
    // days before the first refresh, the last that read every account's transactions.
    expect(Object.fromEntries(next.asked)).toEqual({
      [failing]: cdsTime(holderNow.getTime() - 14 * day),
      ...Object.fromEntries(others.map((other) => [other, cdsTime(holderNow.getTime() + day - 14 * day)])),
    });
    // Each account's mark is now this refresh's time.
    const marks = [...(await accountMarks(id)).values()].map((mark) => mark?.toISOString());
    expect(new Set(marks)).toEqual(new Set([new Date(holderNow.getTime() + 2 * day).toISOString()]));
  });

  it('sets no mark on an account whose first read found no transactions: the next reads its first window again', async () => {
    const { scope, providerAccount } = await fixture.connect('harbour-bank', 'empty-at-first');
    const id = providerAccount.id;
    // The holder answers the first account's transactions with none the first time (a newly
    // shared account whose history it is still building), as it is the other times.
    let emptied = '';
    const emptyFirst: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(String(input));
      const account = /\/banking\/accounts\/([^/]+)\/transactions$/.exec(url.pathname)?.[1];
      if (account !== undefined && (emptied === '' || emptied === decodeURIComponent(account))) {
        emptied = decodeURIComponent(account);
        // The holder's own answer (its headers, links), with no transactions in it.
        const real = await fixture.fetch(input, init);
        const body = (await real.json()) as {
          data: { transactions: unknown[] };
          links: { self: string; next?: string; last?: string };
          meta: object;
        };
        body.data.transactions = [];
        body.links = { self: body.links.self };
        body.meta = { ...body.meta, totalRecords: 0, totalPages: 0 };
        const headers = new Headers(real.headers);
        headers.delete('content-length');
        headers.delete('content-encoding');
        return new Response(JSON.stringify(body), { status: real.status, headers });
      }
      return fixture.fetch(input, init);
    };
    const first = await refreshProviderAccount(fixture.db, id, {
      ...fixture.refreshOptions,
      fetch: emptyFirst,
    });
    expect(first.outcome, JSON.stringify(first)).toMatchObject({ refreshStatus: 'success' });
    expect(emptied).not.toBe('');
    const marks = await accountMarks(id);
    expect(marks.get(emptied)).toBeNull();
    const next = oldestTimesAsked();
    const second = await refreshProviderAccount(fixture.db, id, {
      ...fixture.refreshOptions,
      fetch: next.fetch,
    });
    expect(second.outcome.refreshStatus).toBe('success');
    // Before the fix the empty answer set its mark, and it was read from 14 days before it only:
    // its history was never read.
    expect(next.asked.get(emptied)).toBe(cdsTime(holderNow.getTime() - 730 * day));
    const stored = await fixture.db
      .selectFrom('transactions as t')
      .innerJoin('accounts as a', 'a.id', 't.account_id')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('a.external_id', '=', emptied)
      .where('a.client_id', '=', scope.clientId)
      .executeTakeFirstOrThrow();
    expect(stored.count).toBeGreaterThan(0);
    expect((await accountMarks(id)).get(emptied)).toBeInstanceOf(Date);
  });

  it('reads an account whose transactions failed from its own last read next time, and stores what it missed', async () => {
    const { scope, id } = await refreshedClient('own-mark-kept');
    // The account with the most transactions (some in every fortnight), and another.
    const accounts = await fixture.db
      .selectFrom('accounts as a')
      .leftJoin('transactions as t', 't.account_id', 'a.id')
      .select(['a.id', 'a.external_id', sql<number>`count(t.id)::int`.as('count')])
      .where('a.provider_account_id', '=', id)
      .groupBy(['a.id', 'a.external_id'])
      .orderBy('count', 'desc')
      .orderBy('a.id')
      .execute();
    const [missing, other] = accounts.map((account) => ({
      id: account.id,
      externalId: account.external_id ?? '',
    }));
    if (!missing || !other) throw new Error('the holder lists fewer than two accounts');
    const at = (days: number) => holderNow.getTime() + days * day;
    /** A refresh at `days` after the first, on the holder's clock too, `failing`'s transactions failing. */
    async function refreshFailing(days: number, failing: string) {
      fixture.holder.clock.set(new Date(at(days)));
      fixture.holder.faults.set({
        bank: 'harbour-bank',
        fault: 'partial_failure',
        customerId: 'own-mark-kept',
        accountIds: [failing],
      });
      try {
        const result = await refreshProviderAccount(fixture.db, id, fixture.refreshOptions);
        expect(result.outcome.refreshStatus).toBe('partial_success');
      } finally {
        fixture.holder.faults.clear({ bank: 'harbour-bank', customerId: 'own-mark-kept' });
      }
    }
    /** `missing`'s transactions dated after day 20 (Sydney), to day 34, a fortnight. */
    const missed = async () =>
      (
        await fixture.db
          .selectFrom('transactions')
          .select('id')
          .where('client_id', '=', scope.clientId)
          .where('account_id', '=', missing.id)
          .where('transaction_date', '>', sydneyToday(new Date(at(20))))
          .where('transaction_date', '<=', sydneyToday(new Date(at(34))))
          .execute()
      ).length;
    try {
      // Day 20: the other account fails, so no refresh reads every account from then on.
      await refreshFailing(20, other.externalId);
      // Day 40: this one fails, and misses the days since its read on day 20.
      await refreshFailing(40, missing.externalId);
      expect(await missed()).toBe(0);

      fixture.holder.clock.set(new Date(at(41)));
      const next = oldestTimesAsked();
      const full = await refreshProviderAccount(fixture.db, id, {
        ...fixture.refreshOptions,
        fetch: next.fetch,
      });
      expect(full.outcome.refreshStatus).toBe('success');
      // Each from 14 days before its own last read (this one's on day 20, the other's on day 40).
      // Before 2026-12-03 both were read from 14 days before the first refresh, the last that read
      // every account's transactions.
      expect(next.asked.get(missing.externalId)).toBe(cdsTime(at(20) - 14 * day));
      expect(next.asked.get(other.externalId)).toBe(cdsTime(at(40) - 14 * day));
      // What it missed from day 20 on is stored now, and every account's mark is this refresh's.
      expect(await missed()).toBeGreaterThan(0);
      const marks = [...(await accountMarks(id)).values()].map((mark) => mark?.toISOString());
      expect(new Set(marks)).toEqual(new Set([new Date(at(41)).toISOString()]));
    } finally {
      fixture.holder.clock.set(holderNow);
    }
  });

  it('removes a cancelled hold of an account listed again over that account’s own window, and keeps another’s left out by its date', async () => {
    const { scope, providerAccount } = await fixture.connect('harbour-bank', 'relisted-hold');
    const id = providerAccount.id;
    // Both holds three days before the first refresh, still pending.
    const holdAt = cdsTime(holderNow.getTime() - 3 * day);
    const hold = (transactionId: string, accountId: string, amount: string) => ({
      accountId,
      transactionId,
      type: 'PAYMENT',
      status: 'PENDING',
      description: `HOLD ${transactionId}`,
      reference: '',
      executionDateTime: holdAt,
      amount,
      currency: 'AUD',
    });
    let relisted = '';
    let other = '';
    let phase: 'listed' | 'left out' | 'cancelled' = 'listed';
    // The holder lists each hold while its account is read from before it (it reads from the
    // `oldest-time` instant): the relisted account's until it is cancelled.
    const holding = rewritingFetch((path, body, url) => {
      if (path.endsWith('/banking/accounts')) {
        relisted ||= body.data.accounts[0].accountId;
        other ||= body.data.accounts[1].accountId;
        if (phase === 'left out')
          body.data.accounts = body.data.accounts.filter(
            (account: { accountId: string }) => account.accountId !== relisted,
          );
      } else if (!body.links?.next && holdAt >= (url.searchParams.get('oldest-time') ?? '')) {
        if (path.endsWith(`/${relisted}/transactions`) && phase === 'listed')
          body.data.transactions.push(hold('cancelled-hold', relisted, '-187.43'));
        if (path.endsWith(`/${other}/transactions`))
          body.data.transactions.push(hold('dated-out-hold', other, '-163.27'));
      }
      return body;
    });
    const holds = async () =>
      (
        await fixture.db
          .selectFrom('transactions')
          .select(['external_id', 'status'])
          .where('client_id', '=', scope.clientId)
          .where('external_id', 'in', ['cancelled-hold', 'dated-out-hold'])
          .orderBy('external_id')
          .execute()
      ).map((row) => `${row.external_id} ${row.status}`);
    const options = { ...fixture.refreshOptions, fetch: holding };
    await refreshProviderAccount(fixture.db, id, options);
    expect(await holds()).toEqual(['cancelled-hold pending', 'dated-out-hold pending']);

    // Two months on: the other account's hold, older than 45 days, no longer moves its window back.
    const twoMonthsLater = holderNow.getTime() + 60 * day;
    fixture.holder.clock.set(new Date(twoMonthsLater));
    try {
      phase = 'left out';
      const without = await refreshProviderAccount(fixture.db, id, options);
      expect(without.stored?.accountsUnlisted).toBe(1);

      // Listed again, without its hold (cancelled meanwhile): read over the first read's 730 days,
      // the other from 14 days before then, which leaves its hold out by its date.
      phase = 'cancelled';
      const asked = oldestTimesAsked(holding);
      const back = await refreshProviderAccount(fixture.db, id, { ...options, fetch: asked.fetch });
      expect(back.outcome.refreshStatus).toBe('success');
      expect(asked.asked.get(relisted)).toBe(cdsTime(twoMonthsLater - 730 * day));
      expect(asked.asked.get(other)).toBe(cdsTime(twoMonthsLater - 14 * day));
    } finally {
      fixture.holder.clock.set(holderNow);
    }
    // Each by its own account's window. Before 2026-12-03 the cancelled hold was kept (pending for
    // ever): it was dated before the connection's window, though its account was read over 730 days.
    expect(await holds()).toEqual(['dated-out-hold pending']);
    const marks = [...(await accountMarks(id)).values()].map((mark) => mark?.toISOString());
    expect(new Set(marks)).toEqual(new Set([new Date(twoMonthsLater).toISOString()]));
  });

  it('reads an account from the day before its oldest hold, so a hold cancelled after two weeks is removed', async () => {
    const { scope, providerAccount } = await fixture.connect('harbour-bank', 'old-open-hold');
    // A hire car's pre-authorisation, made three days before the first refresh (14:00 in Sydney
    // on 17 November), still pending three weeks on; then cancelled.
    const holdAt = cdsTime(holderNow.getTime() - 3 * day);
    let cancelled = false;
    let account = '';
    const holding = rewritingFetch((path, body, url) => {
      if (path.endsWith('/banking/accounts')) account ||= body.data.accounts[0].accountId;
      else if (
        path.endsWith(`/${account}/transactions`) &&
        !body.links.next &&
        !cancelled &&
        holdAt >= (url.searchParams.get('oldest-time') ?? '')
      ) {
        body.data.transactions.push({
          accountId: account,
          transactionId: 'hire-car-hold',
          type: 'PAYMENT',
          status: 'PENDING',
          description: 'HARBOUR CAR HIRE PRE-AUTH',
          reference: '',
          executionDateTime: holdAt,
          amount: '-500.00',
          currency: 'AUD',
        });
      }
      return body;
    });
    const hold = () =>
      fixture.db
        .selectFrom('transactions')
        .select(['status', sql<string>`transaction_date::text`.as('date')])
        .where('client_id', '=', scope.clientId)
        .where('external_id', '=', 'hire-car-hold')
        .execute();
    const refreshOn = async (days: number) => {
      const asked = oldestTimesAsked(holding);
      fixture.holder.clock.set(new Date(holderNow.getTime() + days * day));
      try {
        const result = await refreshProviderAccount(fixture.db, providerAccount.id, {
          ...fixture.refreshOptions,
          fetch: asked.fetch,
        });
        expect(result.outcome.refreshStatus).toBe('success');
        return { result, oldestTime: asked.asked.get(account) };
      } finally {
        fixture.holder.clock.set(holderNow);
      }
    };
    await refreshOn(0);
    expect(await hold()).toEqual([{ status: 'pending', date: '2026-11-17' }]);
    // Daily refreshes: 20 days on, the window from 14 days before the last read still holds it.
    await refreshOn(20);
    // 21 days on, 14 days before the last read is after it: the account is read from the day
    // before it instead, and the holder lists it again, still pending.
    const stillPending = await refreshOn(21);
    expect(stillPending.oldestTime).toBe('2026-11-16T00:00:00Z');
    expect(stillPending.result.stored?.pendingRemoved).toBe(0);
    expect(await hold()).toEqual([{ status: 'pending', date: '2026-11-17' }]);
    // Cancelled: the holder lists it no more over a window that would have it, so it is removed.
    // Before 2026-12-04 the window started after it, and it stayed pending for ever.
    cancelled = true;
    const gone = await refreshOn(22);
    expect(gone.oldestTime).toBe('2026-11-16T00:00:00Z');
    expect(await hold()).toEqual([]);
    // With no pending transaction older than that left, the window is 14 days before the last read again.
    const after = await refreshOn(23);
    expect(after.oldestTime).toBe(cdsTime(holderNow.getTime() + 8 * day));
  });

  it('sends when the client last connected as x-fapi-auth-date on every authenticated call', async () => {
    const { scope, providerAccount } = await fixture.connect('harbour-bank', 'auth-date-person');
    const id = providerAccount.id;
    const connectedAt = async () =>
      (
        await fixture.db
          .selectFrom('provider_accounts')
          .select('connected_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).connected_at;
    const authDates = async () => {
      const requests: { path: string; headers: Record<string, string> }[] = [];
      await refreshProviderAccount(fixture.db, id, {
        ...fixture.refreshOptions,
        fetch: rewritingFetch((_path, body) => body, requests),
      });
      const resource = requests.filter((request) => !request.path.endsWith('/discovery/status'));
      expect(resource.length).toBeGreaterThan(3);
      // Not on the public discovery call.
      expect(
        requests.some(
          (request) =>
            request.headers['x-fapi-auth-date'] !== undefined && request.path.endsWith('/discovery/status'),
        ),
      ).toBe(false);
      return new Set(resource.map((request) => request.headers['x-fapi-auth-date']));
    };
    // As the first connect recorded it (moved back here, to tell it from the reconnect's).
    await fixture.db
      .updateTable('provider_accounts')
      .set({ connected_at: new Date('2000-01-01T00:00:00Z') })
      .where('id', '=', id)
      .execute();
    // Before 2026-12-02 none was sent (CDS requires it on every resource call).
    expect(await authDates()).toEqual(new Set(['Sat, 01 Jan 2000 00:00:00 GMT']));

    // Connected again: the time of the reconnect.
    await connectProviderAccount(
      fixture.db,
      scope,
      {
        providerId: fixture.providerIds['harbour-bank'] ?? 0,
        customerId: 'auth-date-person',
        sharingDays: 365,
      },
      { fetch: fixture.fetch },
    );
    const reconnected = new Date(await connectedAt());
    expect(reconnected.getTime()).toBeGreaterThan(new Date('2000-01-01T00:00:00Z').getTime());
    expect(await authDates()).toEqual(new Set([reconnected.toUTCString()]));
  });
});
