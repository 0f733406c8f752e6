export const fakeHolderBase = 'https://holder.test/cds-au/v1';

/** A holder's CDS error entry for a 429 (too many requests), for tests of its limits. */
export const tooManyRequestsError = {
  code: 'urn:au-cds:error:cds-all:Service/TooManyRequests',
  title: 'Too many',
  detail: 'x',
};

interface FakeAccount {
  accountId: string;
  productCategory: string;
  productName: string;
  openStatus?: 'OPEN' | 'CLOSED';
  transactions: number;
}

export interface FakeCdsHolderOptions {
  customerUType?: 'person' | 'organisation';
  accounts: FakeAccount[];
  /** Answers that replace the normal one for paths containing the key. */
  failures?: Record<
    string,
    {
      status: number;
      errors: { code: string; title: string; detail: string; meta?: { urn: string } }[];
      headers?: Record<string, string>;
    }
  >;
  /** Rewrites the served x-v (tests of version checks). */
  servedVersion?: (requested: number) => number;
}

export interface RecordedRequest {
  url: URL;
  headers: Record<string, string>;
}

function page<T>(items: T[], url: URL) {
  const size = Number(url.searchParams.get('page-size') ?? '25');
  const number = Number(url.searchParams.get('page') ?? '1');
  const totalPages = Math.ceil(items.length / size);
  const link = (target: number) => {
    const next = new URL(url);
    next.searchParams.set('page', String(target));
    return next.toString();
  };
  return {
    items: items.slice((number - 1) * size, number * size),
    links: { self: url.toString(), ...(number < totalPages ? { next: link(number + 1) } : {}) },
    meta: { totalRecords: items.length, totalPages },
  };
}

function transactionsOf(account: FakeAccount) {
  return Array.from({ length: account.transactions }, (_, index) => ({
    accountId: account.accountId,
    transactionId: `${account.accountId}-t${index}`,
    isDetailAvailable: false,
    type: 'PAYMENT',
    status: index === 0 ? 'PENDING' : 'POSTED',
    description: `WOOLWORTHS ${index}`,
    reference: `R${index}`,
    executionDateTime: new Date(Date.UTC(2026, 10, 19, 23, 30) - index * 3_600_000).toISOString(),
    ...(index === 0
      ? {}
      : { postingDateTime: new Date(Date.UTC(2026, 10, 20, 1) - index * 3_600_000).toISOString() }),
    amount: '-12.345',
    currency: 'AUD',
    merchantName: 'Woolworths',
    merchantCategoryCode: '5411',
  }));
}

/** A hand-rolled CDS holder behind a `fetch`: enough of the standard to test the client against. */
export function createFakeCdsHolder(options: FakeCdsHolderOptions) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    requests.push({ url, headers });
    const path = url.pathname.replace(new URL(fakeHolderBase).pathname, '');
    const failure = Object.entries(options.failures ?? {}).find(([key]) => path.includes(key))?.[1];
    if (failure)
      return Response.json(
        { errors: failure.errors },
        { status: failure.status, headers: failure.headers ?? {} },
      );
    const version = (options.servedVersion ?? ((requested) => requested))(Number(headers['x-v']));
    const answer = (body: unknown) => Response.json(body, { headers: { 'x-v': String(version) } });
    const accounts = options.accounts.map(({ transactions: _count, ...account }) => ({
      displayName: account.productName,
      maskedNumber: 'xxxx 1234',
      accountOwnership: 'ONE_PARTY',
      ...account,
    }));
    if (path === '/discovery/status')
      return answer({ data: { status: 'OK', updateTime: '2026-11-20T00:00:00Z' }, links: { self: url } });
    if (path === '/common/customer')
      return answer({ data: { customerUType: options.customerUType ?? 'person' }, links: { self: url } });
    if (path === '/banking/accounts') {
      const { items, ...rest } = page(accounts, url);
      return answer({ data: { accounts: items }, ...rest });
    }
    if (path === '/banking/accounts/balances') {
      const balances = accounts.map(({ accountId }) => ({
        accountId,
        currentBalance: '-1500.5',
        availableBalance: '8499.50',
      }));
      const { items, ...rest } = page(balances, url);
      return answer({ data: { balances: items }, ...rest });
    }
    const match = /^\/banking\/accounts\/([^/]+)\/transactions$/.exec(path);
    const account = options.accounts.find((candidate) => candidate.accountId === match?.[1]);
    if (account) {
      const { items, ...rest } = page(transactionsOf(account), url);
      return answer({ data: { transactions: items }, ...rest });
    }
    return Response.json(
      {
        errors: [
          { code: 'urn:au-cds:error:cds-all:Resource/NotFound', title: 'Resource Not Found', detail: path },
        ],
      },
      { status: 404 },
    );
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
