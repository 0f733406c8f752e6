import { type Consent, consentResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** `GET api/v2/consents/{id}`: one consent of the client (an adviser sees only their own practice's). */
export async function getConsent(client: ApiClient, id: number, options: CallOptions = {}): Promise<Consent> {
  const response = await client.request({
    path: `/api/v2/consents/${id}`,
    schema: consentResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
