import type { CdsHttpClient } from './cds-http-client.ts';
import { CdsRequestError } from './cds-request-error.ts';
import {
  type CdsAccount,
  type CdsBalance,
  type CdsDiscoveryStatus,
  type CdsTransaction,
  cdsAccountListSchema,
  cdsBalanceListSchema,
  cdsCustomerSchema,
  cdsDiscoveryStatusSchema,
  cdsTransactionListSchema,
} from './cds-schemas.ts';
import { listAllPages } from './list-all-pages.ts';

/** The endpoint versions of CDS 1.36 this client speaks (x-v), per the standard's `x-version`. */
export const cdsEndpointVersions = {
  discoveryStatus: 1,
  customer: 1,
  accounts: 3,
  balances: 2,
  transactions: 2,
} as const;

export interface TransactionWindow {
  /** RFC 3339; inclusive. */
  oldestTime: string;
  newestTime?: string;
}

export interface CdsBankingClient {
  getStatus(): Promise<CdsDiscoveryStatus>;
  getCustomerType(): Promise<'person' | 'organisation'>;
  listAccounts(): Promise<CdsAccount[]>;
  listBalances(): Promise<CdsBalance[]>;
  listTransactions(accountId: string, window: TransactionWindow): Promise<CdsTransaction[]>;
}

function parse<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  body: unknown,
  what: string,
  interactionId: string,
): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new CdsRequestError({
      kind: 'invalid_response',
      message: `${what}: not a CDS response`,
      interactionId,
    });
  return parsed.data;
}

/** The CDS Banking and Common calls the platform makes, each checked against the standard's shape. */
export function createCdsBankingClient(http: CdsHttpClient): CdsBankingClient {
  return {
    async getStatus() {
      const response = await http.get('/discovery/status', {
        version: cdsEndpointVersions.discoveryStatus,
        authenticated: false,
      });
      return parse(cdsDiscoveryStatusSchema, response.body, 'discovery status', response.interactionId).data;
    },
    async getCustomerType() {
      const response = await http.get('/common/customer', { version: cdsEndpointVersions.customer });
      return parse(cdsCustomerSchema, response.body, 'customer', response.interactionId).data.customerUType;
    },
    listAccounts: () =>
      listAllPages(http, {
        path: '/banking/accounts',
        options: { version: cdsEndpointVersions.accounts },
        schema: cdsAccountListSchema,
        items: (body) => body.data.accounts,
      }),
    listBalances: () =>
      listAllPages(http, {
        path: '/banking/accounts/balances',
        options: { version: cdsEndpointVersions.balances },
        schema: cdsBalanceListSchema,
        items: (body) => body.data.balances,
      }),
    listTransactions: (accountId, { oldestTime, newestTime }) =>
      listAllPages(http, {
        path: `/banking/accounts/${encodeURIComponent(accountId)}/transactions`,
        options: {
          version: cdsEndpointVersions.transactions,
          query: { 'oldest-time': oldestTime, 'newest-time': newestTime },
        },
        schema: cdsTransactionListSchema,
        items: (body) => body.data.transactions,
      }),
  };
}
