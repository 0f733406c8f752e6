import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { getPartyDetails } from './fetch-party-details.ts';

export { getPartyDetails } from './fetch-party-details.ts';

export const partyDetailsQueryKey = ['party-details'] as const;

export function partyDetailsQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: partyDetailsQueryKey, queryFn: () => getPartyDetails(client) });
}

/** The adviser's practice; with `enabled` false (known to have none), not asked for. */
export function usePartyDetails({ enabled = true }: { enabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({ ...partyDetailsQueryOptions(client), enabled });
}
