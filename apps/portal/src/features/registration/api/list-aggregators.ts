import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, getAdminBrokersAggregators, getBrokersAggregators } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { type ClientFamily, useClientFamily } from '../../../lib/client-family.ts';

/**
 * `GET api/adviser/brokers/aggregators` (single sign-on) or `GET api/admin/brokers/aggregators`
 * (password tenants, DESIGN §3): the aggregators a broker may belong to, rarely changing.
 */
export function listAggregators(client: ApiClient, family: ClientFamily) {
  return family === 'adviser' ? getBrokersAggregators(client) : getAdminBrokersAggregators(client);
}

export function aggregatorsQueryOptions(client: ApiClient, family: ClientFamily) {
  return queryOptions({
    queryKey: ['aggregators', family],
    queryFn: () => listAggregators(client, family),
    staleTime: 60 * 60_000,
  });
}

export function useAggregators() {
  const client = useApiClient();
  const family = useClientFamily();
  return useQuery(aggregatorsQueryOptions(client, family));
}
