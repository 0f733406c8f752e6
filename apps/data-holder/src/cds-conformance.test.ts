import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestHolder, type TestHolder } from './testing/build-test-holder.ts';
import { loadCdsDocument } from './testing/cds-schema-validator.ts';

const banking = loadCdsDocument('cds_banking.json');
const common = loadCdsDocument('cds_common.json');
let holder: TestHolder;

beforeAll(async () => {
  holder = await buildTestHolder();
});
afterAll(() => holder.app.close());

describe.each(['james-oconnor', 'amelia-nguyen', 'coastal-coffee', 'any-other-customer'])(
  'CDS 1.36 conformance for %s',
  (customerId) => {
    it('answers every endpoint in the shapes of the standard', async () => {
      const bank = 'southern-cross-cu';
      const token = await holder.consent(bank, customerId);
      const base = `/${bank}/cds-au/v1`;
      const fetch = async (path: string, version: string) => {
        const response = await holder.get(`${base}${path}`, { version, token });
        expect(response.statusCode, path).toBe(200);
        return response.json();
      };
      const accounts = await fetch('/banking/accounts', '3');
      expect(banking.check('/banking/accounts', 'get', '200', accounts)).toEqual([]);
      expect(
        banking.check(
          '/banking/accounts/balances',
          'get',
          '200',
          await fetch('/banking/accounts/balances', '2'),
        ),
      ).toEqual([]);
      for (const { accountId } of accounts.data.accounts as { accountId: string }[]) {
        const detail = await fetch(`/banking/accounts/${accountId}`, '5');
        expect(banking.check('/banking/accounts/{accountId}', 'get', '200', detail)).toEqual([]);
        const balance = await fetch(`/banking/accounts/${accountId}/balance`, '1');
        expect(banking.check('/banking/accounts/{accountId}/balance', 'get', '200', balance)).toEqual([]);
        const transactions = await fetch(
          `/banking/accounts/${accountId}/transactions?oldest-time=2025-01-01T00:00:00Z&page-size=500`,
          '2',
        );
        expect(
          banking.check('/banking/accounts/{accountId}/transactions', 'get', '200', transactions),
        ).toEqual([]);
      }
      expect(common.check('/common/customer', 'get', '200', await fetch('/common/customer', '1'))).toEqual(
        [],
      );
      expect(
        common.check('/common/customer/detail', 'get', '200', await fetch('/common/customer/detail', '2')),
      ).toEqual([]);
    });
  },
);

describe('public endpoints and errors', () => {
  it('match the standard, in and out of an outage', async () => {
    const base = '/red-gum-savings/cds-au/v1';
    const products = (await holder.get(`${base}/banking/products`, { version: '5' })).json();
    expect(banking.check('/banking/products', 'get', '200', products)).toEqual([]);
    holder.runtime.faults.set({ bank: 'red-gum-savings', fault: 'outage' });
    const status = (await holder.get(`${base}/discovery/status`, { version: '1' })).json();
    expect(common.check('/discovery/status', 'get', '200', status)).toEqual([]);
    const outages = (await holder.get(`${base}/discovery/outages`, { version: '1' })).json();
    expect(outages.data.outages).toHaveLength(1);
    expect(common.check('/discovery/outages', 'get', '200', outages)).toEqual([]);
    holder.runtime.faults.clear();
    const unsupported = (await holder.get(`${base}/banking/products`, { version: '1' })).json();
    expect(banking.check('/banking/products', 'get', '406', unsupported)).toEqual([]);
  });

  it('catches a body that breaks the standard', () => {
    expect(banking.checkSchema('BankingTransactionV2', { accountId: 'a', amount: 12.5 })).toEqual(
      expect.arrayContaining([
        'BankingTransactionV2.status: required',
        'BankingTransactionV2.amount: expected string, got number',
      ]),
    );
  });
});
