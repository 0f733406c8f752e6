import * as z from 'zod/mini';
import { supportedApiVersions } from './headers.ts';

/**
 * Headers every API request may carry (spec §7 Client defaults), as Node hands them over:
 * lower-case. Loose, because validation must not strip the headers a route does not name.
 */
export const apiRequestHeadersSchema = z.looseObject({
  'x-api-version': z
    .optional(z.enum(supportedApiVersions))
    .check(z.describe('API version; the SDK sends 2.28, the portal 2.30')),
  'x-bundle-id': z.optional(z.string()).check(z.describe('Calling application and version')),
  'x-software-version': z.optional(z.string()),
  'x-device-version': z.optional(z.string()),
  'x-tenant-id': z
    .optional(z.string())
    .check(z.describe('Tenant to act for instead of the one the Host names')),
});
export type ApiRequestHeaders = z.infer<typeof apiRequestHeadersSchema>;
