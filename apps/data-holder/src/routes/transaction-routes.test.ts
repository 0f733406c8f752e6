import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestHolder, type TestHolder, testNow } from '../testing/build-test-holder.ts';

interface Transaction {
  transactionId: string;
  status: 'PENDING' | 'POSTED';
  amount: string;
  description: string;
  reference: string;
  postingDateTime?: string;
  executionDateTime: string;
  merchantName?: string;
  merchantCategoryCode?: string;
}

let holder: TestHolder;
const base = '/harbour-bank/cds-au/v1/banking/accounts';
const everything = 'oldest-time=2020-01-01T00:00:00Z';

async function accountOf(customerId: string, category: string) {
  const token = await holder.consent('harbour-bank', customerId);
  const body = (await holder.get(`${base}?product-category=${category}`, { version: '3', token })).json();
  return { token, accountId: body.data.accounts[0].accountId as string };
}

async function listAll(token: string, accountId: string, query: string): Promise<Transaction[]> {
  const all: Transaction[] = [];
  let next: string | undefined = `${base}/${accountId}/transactions?${query}&page-size=1000`;
  while (next) {
    const response = await holder.get(next, { version: '2', token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    all.push(...body.data.transactions);
    next = body.links.next
      ? new URL(body.links.next).pathname.replace('/data-holder', '') + new URL(body.links.next).search
      : undefined;
  }
  return all;
}

beforeAll(async () => {
  holder = await buildTestHolder();
});
afterAll(() => holder.app.close());

describe('GET /banking/accounts/{accountId}/transactions', () => {
  it('pages through more than 10,000 transactions completely, without duplicates', async () => {
    const { token, accountId } = await accountOf('coastal-coffee', 'TRANS_AND_SAVINGS_ACCOUNTS');
    const first = (
      await holder.get(`${base}/${accountId}/transactions?${everything}&page-size=1000`, {
        version: '2',
        token,
      })
    ).json();
    expect(first.meta.totalRecords).toBeGreaterThan(10_000);
    const all = await listAll(token, accountId, everything);
    expect(all).toHaveLength(first.meta.totalRecords);
    expect(new Set(all.map((transaction) => transaction.transactionId)).size).toBe(all.length);
  });

  it('defaults to the 90 days before now and filters on time, amount and text', async () => {
    const { token, accountId } = await accountOf('amelia-nguyen', 'TRANS_AND_SAVINGS_ACCOUNTS');
    const recent = await listAll(token, accountId, 'page=1');
    const cutoff = testNow.getTime() - 90 * 86_400_000;
    expect(recent.every((t) => Date.parse(t.postingDateTime ?? t.executionDateTime) >= cutoff)).toBe(true);
    const window = await listAll(
      token,
      accountId,
      'oldest-time=2026-06-01T00:00:00Z&newest-time=2026-06-30T23:59:59Z',
    );
    expect(window.length).toBeGreaterThan(0);
    expect(window.every((t) => (t.postingDateTime ?? t.executionDateTime).startsWith('2026-06'))).toBe(true);
    const large = await listAll(token, accountId, `${everything}&min-amount=-50.00&max-amount=-20.00`);
    expect(large.every((t) => Number(t.amount) >= -50 && Number(t.amount) <= -20)).toBe(true);
    const woolworths = await listAll(token, accountId, `${everything}&text=woolworths`);
    expect(woolworths.length).toBeGreaterThan(0);
    expect(
      woolworths.every((t) => t.merchantName === 'Woolworths' && t.merchantCategoryCode === '5411'),
    ).toBe(true);
  });

  it('has salary, rent, groceries, BNPL, gambling and dishonour fees in a struggling customer’s history', async () => {
    const { token, accountId } = await accountOf('amelia-nguyen', 'TRANS_AND_SAVINGS_ACCOUNTS');
    const descriptions = (await listAll(token, accountId, everything)).map((t) => t.description).join('\n');
    for (const expected of [
      'SALARY',
      'RENT PAYMENT',
      'COLES',
      'AFTERPAY',
      'ZIP PAY',
      'SPORTSBET',
      'DISHONOUR FEE',
      'AGL ENERGY DIRECT DEBIT',
    ]) {
      expect(descriptions).toContain(expected);
    }
  });

  it('refuses malformed filters', async () => {
    const { token, accountId } = await accountOf('priya-sharma', 'TRANS_AND_SAVINGS_ACCOUNTS');
    const code = async (query: string) =>
      (await holder.get(`${base}/${accountId}/transactions?${query}`, { version: '2', token })).json()
        .errors[0].code;
    expect(await code('oldest-time=yesterday')).toBe('urn:au-cds:error:cds-all:Field/InvalidDateTime');
    expect(await code('min-amount=1,000')).toBe('urn:au-cds:error:cds-all:Field/Invalid');
  });

  it('turns a pending transaction into a posted one with the same id when time passes', async () => {
    const { token, accountId } = await accountOf('james-oconnor', 'TRANS_AND_SAVINGS_ACCOUNTS');
    const before = await listAll(token, accountId, 'page=1');
    const pending = before.find((t) => t.status === 'PENDING');
    expect(pending?.postingDateTime).toBeUndefined();
    holder.runtime.clock.set(new Date(testNow.getTime() + 4 * 86_400_000));
    const after = await listAll(token, accountId, 'page=1');
    holder.runtime.clock.set(testNow);
    const posted = after.find((t) => t.transactionId === pending?.transactionId);
    expect(posted).toMatchObject({
      status: 'POSTED',
      amount: pending?.amount,
      reference: pending?.reference,
    });
    expect(posted?.postingDateTime).toBeDefined();
  });

  it('generates the same history in another holder instance', async () => {
    const other = await buildTestHolder();
    const { token, accountId } = await accountOf('priya-sharma', 'TRANS_AND_SAVINGS_ACCOUNTS');
    const otherToken = await other.consent('harbour-bank', 'priya-sharma');
    const url = `${base}/${accountId}/transactions?${everything}&page-size=1000`;
    const mine = (await holder.get(url, { version: '2', token })).json().data;
    const theirs = (await other.get(url, { version: '2', token: otherToken })).json().data;
    expect(theirs).toEqual(mine);
    await other.app.close();
  });
});
