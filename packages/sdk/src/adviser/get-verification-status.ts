import { verificationStatusResponseSchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient } from '../create-api-client.ts';

export type VerificationStatus = z.infer<typeof verificationStatusResponseSchema>['data'];

/** `GET api/adviser/parties/external/verify`: whether the adviser's e-mail and practice are verified. */
export async function getVerificationStatus(client: ApiClient): Promise<VerificationStatus> {
  const response = await client.request({
    path: '/api/adviser/parties/external/verify',
    schema: verificationStatusResponseSchema,
  });
  return response.data;
}
