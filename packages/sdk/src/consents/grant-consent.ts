import { type Consent, consentResponseSchema, type GrantConsentBody } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import type { CallOptions } from '../on-behalf.ts';

/** `POST api/v2/consents`: the signed-in client shares with a practice for a configured duration (≤ 12 months). */
export async function grantConsent(
  client: ApiClient,
  body: GrantConsentBody,
  options: Pick<CallOptions, 'signal'> = {},
): Promise<Consent> {
  const response = await client.request({
    method: 'POST',
    path: '/api/v2/consents',
    body,
    schema: consentResponseSchema,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
