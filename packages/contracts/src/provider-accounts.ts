import { z } from 'zod';
import { providerAccountStatuses, refreshStatuses, refreshSubStatuses } from './aggregation-enums.ts';

/** The reference's RefreshStatus: status, sub-status and additional status, with refresh times. */
export const refreshStatusSchema = z.object({
  status: z.enum(providerAccountStatuses),
  sub_status: z.enum(refreshStatuses).nullable(),
  additional_status: z.enum(refreshSubStatuses).nullable(),
  last_refreshed: z.string().nullable(),
  next_refresh: z.string().nullable(),
});
export type RefreshStatusBody = z.infer<typeof refreshStatusSchema>;

export const providerAccountSchema = z.object({
  id: z.number().int(),
  provider_id: z.number().int(),
  provider_name: z.string(),
  editable: z.boolean(),
  refresh_status: refreshStatusSchema,
});
export type ProviderAccount = z.infer<typeof providerAccountSchema>;

export const providerAccountListResponseSchema = z.object({ data: z.array(providerAccountSchema) });
export const providerAccountResponseSchema = z.object({ data: providerAccountSchema });
