import * as z from 'zod/mini';
import { providerAccountStatuses, refreshStatuses, refreshSubStatuses } from './aggregation-enums.ts';
import { databaseIdSchema } from './money.ts';

/** The reference's RefreshStatus: status, sub-status and additional status, with refresh times. */
export const refreshStatusSchema = z.object({
  status: z.enum(providerAccountStatuses),
  sub_status: z.nullable(z.enum(refreshStatuses)),
  additional_status: z.nullable(z.enum(refreshSubStatuses)),
  last_refreshed: z.nullable(z.string()),
  next_refresh: z.nullable(z.string()),
});
export type RefreshStatusBody = z.infer<typeof refreshStatusSchema>;

export const providerAccountSchema = z.object({
  id: z.int(),
  provider_id: z.int(),
  provider_name: z.string(),
  editable: z.boolean(),
  refresh_status: refreshStatusSchema,
});
export type ProviderAccount = z.infer<typeof providerAccountSchema>;

export const providerAccountListResponseSchema = z.object({ data: z.array(providerAccountSchema) });
export const providerAccountResponseSchema = z.object({ data: providerAccountSchema });

/**
 * `POST api/v2/provideraccounts`: connect the client to an open-banking provider. `customer_id`
 * names the client at the holder; the holder shares for `sharing_days` (the CDR's 12 months at most).
 */
export const connectProviderAccountBodySchema = z.strictObject({
  provider_id: databaseIdSchema,
  customer_id: z
    .string()
    .check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lower-case letters, digits and hyphens')),
  sharing_days: z._default(z.int().check(z.gte(1), z.lte(365)), 365),
});
export type ConnectProviderAccountBody = z.input<typeof connectProviderAccountBodySchema>;

/** `PUT api/v2/provideraccounts?provideraccount_ids=1,2`: refresh these connections now (the reference's refresh call). */
export const refreshProviderAccountsQuerySchema = z.object({
  provideraccount_ids: z.pipe(
    z.pipe(
      z.string().check(z.regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of provider account ids')),
      z.transform((value) => [...new Set(value.split(',').map(Number))]),
    ),
    z.array(databaseIdSchema),
  ),
});
