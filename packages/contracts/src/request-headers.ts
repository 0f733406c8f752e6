import { z } from 'zod';
import { supportedApiVersions } from './headers.ts';

/**
 * Headers every API request may carry (spec §7 Client defaults), as Node hands them over:
 * lower-case. Loose, because validation must not strip the headers a route does not name.
 */
export const apiRequestHeadersSchema = z.looseObject({
  'x-api-version': z
    .enum(supportedApiVersions)
    .optional()
    .describe('API version; the SDK sends 2.28, the portal 2.30'),
  'x-bundle-id': z.string().optional().describe('Calling application and version'),
  'x-software-version': z.string().optional(),
  'x-device-version': z.string().optional(),
  'x-tenant-id': z.string().optional().describe('Tenant to act for instead of the one the Host names'),
});
export type ApiRequestHeaders = z.infer<typeof apiRequestHeadersSchema>;
