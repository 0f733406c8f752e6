import { type Consent, consentListResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/consents`: the client's consents (an adviser sees only their own practice's). */
export async function listConsents(client: ApiClient, options: CallOptions = {}): Promise<Consent[]> {
  const response = await client.request({
    path: '/api/v2/consents',
    schema: consentListResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
