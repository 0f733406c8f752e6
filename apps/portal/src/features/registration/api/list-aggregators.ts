import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, getBrokersAggregators } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** `GET api/adviser/brokers/aggregators`: the aggregators a broker may belong to, rarely changing. */
export function aggregatorsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: ['aggregators'],
    queryFn: () => getBrokersAggregators(client),
    staleTime: 60 * 60_000,
  });
}

export function useAggregators() {
  const client = useApiClient();
  return useQuery(aggregatorsQueryOptions(client));
}
