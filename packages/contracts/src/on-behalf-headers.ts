import * as z from 'zod/mini';
import { maxDatabaseId } from './money.ts';
import { apiRequestHeadersSchema } from './request-headers.ts';

const idHeader = z.string().check(
  z.regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number'),
  z.refine((value) => Number(value) <= maxDatabaseId, 'is not a valid id'),
);

/**
 * Headers of end-user paths: an adviser or operator acting on behalf of a client names it in
 * X-User-Id (spec §6, DESIGN §3); suspending or deleting also names the party.
 */
export const onBehalfHeadersSchema = z.extend(apiRequestHeadersSchema, {
  'x-user-id': z.optional(idHeader).check(z.describe('The client an adviser or operator acts for')),
});

export const partyHeadersSchema = z.extend(apiRequestHeadersSchema, {
  'x-external-party-id': z
    .optional(idHeader)
    .check(z.describe("The adviser's external party; required to suspend or delete")),
});
