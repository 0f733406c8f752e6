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

  it('stops at an empty page that links on, and at more pages than the most items take', async () => {
    const requests: string[] = [];
    const endless = (empty: boolean) => async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      requests.push(url);
      const page = requests.length;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      return Response.json(
        {
          data: {
            accounts: empty
              ? []
              : [
                  {
                    accountId: `p${page}`,
                    displayName: 'Everyday',
                    openStatus: 'OPEN',
                    isOwned: true,
                    maskedNumber: 'xxxx 1234',
                    productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
                    productName: 'Everyday',
                  },
                ],
          },
          links: { self: url, next: `${fakeHolderBase}/banking/accounts?page=${page + 1}` },
          // A holder that claims ever more pages.
          meta: { totalRecords: 2 ** 31 - 1, totalPages: empty ? 2 ** 31 - 1 : page + 1 },
        },
        { headers: { 'x-v': headers['x-v'] ?? '2' } },
      );
    };
    const listing = (fetch: typeof globalThis.fetch) =>
      listAllPages(createCdsHttpClient({ baseUrl: fakeHolderBase, accessToken: 'tok', fetch }), {
        path: '/banking/accounts',
        options: { version: 2 },
        schema: cdsAccountListSchema,
        items: (body) => body.data.accounts,
      }).catch((caught: unknown) => caught);

    const empty = await listing(endless(true));
    expect(empty).toBeInstanceOf(CdsRequestError);
    expect((empty as CdsRequestError).message).toContain('an empty page links to another');
    expect(requests).toHaveLength(1);

    // A page count raised as the list is read is taken (items arrive meanwhile), up to the pages
    // the most items take at the size asked for (100,000 / 1,000 + 10).
    requests.length = 0;
    const raised = await listing(endless(false));
    expect((raised as CdsRequestError).message).toContain('more than 110 pages of 1000');
    expect(requests).toHaveLength(110);
  });
});
