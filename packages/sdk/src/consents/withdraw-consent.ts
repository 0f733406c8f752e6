import { type Consent, consentResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import type { CallOptions } from '../on-behalf.ts';

/** `DELETE api/v2/consents/{id}`: the signed-in client withdraws a consent; the shared data is deleted. */
export async function withdrawConsent(
  client: ApiClient,
  id: number,
  options: Pick<CallOptions, 'signal'> = {},
): Promise<Consent> {
  const response = await client.request({
    method: 'DELETE',
    path: `/api/v2/consents/${id}`,
    body: {},
    schema: consentResponseSchema,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
