import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestHolder, type TestHolder } from '../testing/build-test-holder.ts';

let holder: TestHolder;
let token: string;
const base = '/harbour-bank/cds-au/v1/banking';

beforeAll(async () => {
  holder = await buildTestHolder();
  token = await holder.consent('harbour-bank', 'james-oconnor');
});
afterAll(() => holder.app.close());

describe('GET /banking/accounts', () => {
  it('pages with links and meta', async () => {
    const first = (await holder.get(`${base}/accounts?page-size=3`, { version: '3', token })).json();
    expect(first.meta).toEqual({ totalRecords: 7, totalPages: 3 });
    expect(first.data.accounts).toHaveLength(3);
    expect(first.links.prev).toBeUndefined();
    expect(first.links.next).toContain('page=2');
    expect(first.links.last).toContain('page=3');
    const last = (await holder.get(`${base}/accounts?page=3&page-size=3`, { version: '3', token })).json();
    expect(last.data.accounts).toHaveLength(1);
    expect(last.links.next).toBeUndefined();
    expect(last.links.prev).toContain('page=2');
  });

  it('filters on product category, open status and ownership', async () => {
    const list = async (query: string) =>
      (await holder.get(`${base}/accounts?${query}`, { version: '3', token })).json().data.accounts as {
        productCategory: string;
        openStatus: string;
        isOwned: boolean;
      }[];
    expect((await list('product-category=RESIDENTIAL_MORTGAGES')).map((a) => a.productCategory)).toEqual([
      'RESIDENTIAL_MORTGAGES',
    ]);
    expect((await list('open-status=CLOSED')).every((a) => a.openStatus === 'CLOSED')).toBe(true);
    expect(await list('open-status=OPEN')).toHaveLength(6);
    expect((await list('is-owned=false')).map((a) => a.isOwned)).toEqual([false]);
  });

  it('refuses bad filters and pages with the CDS codes', async () => {
    const code = async (query: string) =>
      (await holder.get(`${base}/accounts?${query}`, { version: '3', token })).json().errors[0].code;
    expect(await code('product-category=CARS')).toBe('urn:au-cds:error:cds-all:Field/Invalid');
    expect(await code('page-size=1001')).toBe('urn:au-cds:error:cds-all:Field/InvalidPageSize');
    expect(await code('page=9')).toBe('urn:au-cds:error:cds-all:Field/InvalidPage');
  });

  it('gives the same accounts for the same bank and customer, different ones elsewhere', async () => {
    const again = await buildTestHolder();
    const ids = async (target: TestHolder, bank: string) => {
      const bearer = await target.consent(bank, 'james-oconnor');
      const body = (
        await target.get(`/${bank}/cds-au/v1/banking/accounts`, { version: '3', token: bearer })
      ).json();
      return body.data.accounts.map((account: { accountId: string }) => account.accountId);
    };
    expect(await ids(again, 'harbour-bank')).toEqual(await ids(holder, 'harbour-bank'));
    expect(await ids(again, 'red-gum-savings')).not.toEqual(await ids(holder, 'harbour-bank'));
    await again.app.close();
  });
});

describe('account detail and balances', () => {
  it('serves the detail of a consented account and 404s others', async () => {
    const [mortgage] = (
      await holder.get(`${base}/accounts?product-category=RESIDENTIAL_MORTGAGES`, { version: '3', token })
    ).json().data.accounts;
    const detail = (
      await holder.get(`${base}/accounts/${mortgage.accountId}`, { version: '5', token })
    ).json();
    expect(detail.data).toMatchObject({
      specificAccountUType: 'loan',
      loan: { repaymentType: 'PRINCIPAL_AND_INTEREST' },
    });
    const unknown = await holder.get(`${base}/accounts/acc-nope`, { version: '5', token });
    expect(unknown.json().errors[0].code).toBe(
      'urn:au-cds:error:cds-banking:Authorisation/InvalidBankingAccount',
    );
  });

  it('serves balances as AmountStrings, in bulk and one by one', async () => {
    const bulk = (await holder.get(`${base}/accounts/balances`, { version: '2', token })).json();
    expect(bulk.data.balances).toHaveLength(7);
    const [first] = bulk.data.balances;
    expect(first.currentBalance).toMatch(/^-?\d+\.\d{2}$/);
    const single = (
      await holder.get(`${base}/accounts/${first.accountId}/balance`, { version: '1', token })
    ).json();
    expect(single.data).toEqual(first);
    const chosen = await holder.app.inject({
      method: 'POST',
      url: `/data-holder${base}/accounts/balances`,
      headers: { 'x-v': '1', authorization: `Bearer ${token}` },
      payload: { data: { accountIds: [first.accountId] }, meta: {} },
    });
    expect(chosen.json().data.balances).toEqual([first]);
  });
});
