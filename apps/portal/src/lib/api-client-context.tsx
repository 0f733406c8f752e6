import type { ApiClient } from '@waratah/sdk';
import { createContext, type ReactNode, useContext } from 'react';

const ApiClientContext = createContext<ApiClient | null>(null);

/** The one SDK client, set up at start-up for the resolved tenant (spec §1). */
export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an ApiClientProvider above it');
  return client;
}
