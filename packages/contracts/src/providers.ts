import * as z from 'zod/mini';
import { aggregatorTypes, containers, providerStatuses } from './aggregation-enums.ts';

export const providerSchema = z.object({
  id: z.int(),
  name: z.string(),
  status: z.enum(providerStatuses),
  container_names: z.array(z.enum(containers)),
  small_logo_url: z.nullable(z.string()),
  base_url: z.nullable(z.string()),
  aggregator_type: z.enum(aggregatorTypes),
  popular: z.boolean(),
});
export type Provider = z.infer<typeof providerSchema>;

/** `GET api/v2/providers`: case-insensitive name substring and exact status (spec §5). */
export const listProvidersQuerySchema = z.object({
  name: z.optional(z.string().check(z.maxLength(100))),
  status: z.optional(z.enum(providerStatuses)),
});

export const providerListResponseSchema = z.object({ data: z.array(providerSchema) });
export const providerResponseSchema = z.object({ data: providerSchema });
