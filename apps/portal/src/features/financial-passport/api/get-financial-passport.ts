import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FinancialPassport } from '@waratah/contracts';
import { type ApiClient, getFinancialPassport as getClientPassport } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import type { DateRange } from '../../../lib/passport-periods.ts';

/** `GET api/v2/financialpassport` for one client and period, on the client's behalf (X-User-Id). */
export function getFinancialPassport(
  client: ApiClient,
  clientId: number,
  range: DateRange,
  signal?: AbortSignal,
): Promise<FinancialPassport> {
  return getClientPassport(
    client,
    { from_date: range.from, to_date: range.to },
    { userId: clientId, ...(signal && { signal }) },
  );
}

export function financialPassportQueryOptions(client: ApiClient, clientId: number, range: DateRange) {
  return queryOptions({
    queryKey: ['clients', clientId, 'financial-passport', range.from, range.to] as const,
    queryFn: ({ signal }) => getFinancialPassport(client, clientId, range, signal),
  });
}

/** No call until there is a period; a new period keeps the last report on screen while it loads. */
export function useFinancialPassport(clientId: number, range: DateRange | null) {
  const client = useApiClient();
  return useQuery({
    ...financialPassportQueryOptions(client, clientId, range ?? { from: '', to: '' }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
