import { z } from 'zod';
import { aggregatorTypes, containers, providerStatuses } from './aggregation-enums.ts';

export const providerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(providerStatuses),
  container_names: z.array(z.enum(containers)),
  small_logo_url: z.string().nullable(),
  base_url: z.string().nullable(),
  aggregator_type: z.enum(aggregatorTypes),
  popular: z.boolean(),
});
export type Provider = z.infer<typeof providerSchema>;

/** `GET api/v2/providers`: case-insensitive name substring and exact status (spec §5). */
export const listProvidersQuerySchema = z.object({
  name: z.string().max(100).optional(),
  status: z.enum(providerStatuses).optional(),
});

export const providerListResponseSchema = z.object({ data: z.array(providerSchema) });
export const providerResponseSchema = z.object({ data: providerSchema });
