import { describe, expect, it } from 'vitest';
import { createCdsHttpClient } from './cds-http-client.ts';
import { CdsRequestError } from './cds-request-error.ts';
import { cdsAccountListSchema } from './cds-schemas.ts';
import { listAllPages } from './list-all-pages.ts';
import { createFakeCdsHolder, fakeHolderBase } from './testing/fake-cds-holder.ts';

const accounts = Array.from({ length: 7 }, (_, index) => ({
  accountId: `a${index}`,
  productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
  productName: 'Everyday',
  transactions: 0,
}));

describe('listAllPages', () => {
  const list = (maxItems?: number) => {
    const holder = createFakeCdsHolder({ accounts });
    const client = createCdsHttpClient({ baseUrl: fakeHolderBase, accessToken: 'tok', fetch: holder.fetch });
    const listed = listAllPages(client, {
      path: '/banking/accounts',
      options: { version: 2 },
      schema: cdsAccountListSchema,
      items: (body) => body.data.accounts,
      pageSize: 2,
      ...(maxItems === undefined ? {} : { maxItems }),
    });
    return { holder, listed };
  };

  it('follows links.next to the last page', async () => {
    const { holder, listed } = list();
    expect((await listed).map((account) => account.accountId)).toEqual(accounts.map((a) => a.accountId));
    expect(holder.requests).toHaveLength(4);
  });

  it('stops a holder whose pages hold more than the most items allowed, whatever its totalPages', async () => {
    const { holder, listed } = list(5);
    const error = await listed.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CdsRequestError);
    expect((error as CdsRequestError).kind).toBe('invalid_response');
    expect((error as CdsRequestError).message).toContain('more than 5 items');
    expect(holder.requests).toHaveLength(3);
  });
});
