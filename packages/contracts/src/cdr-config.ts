import * as z from 'zod/mini';

/** `GET api/v2/config/cdr[/{id}]`: the consent configuration, durations at most 12 months. */
export const cdrConfigSchema = z.object({
  id: z.int(),
  external_id: z.string(),
  display_name: z.string(),
  support_email: z.string(),
  cdr_policy_url: z.string(),
  model: z.enum(['affiliate', 'principal', 'representative']),
  sharing_durations: z.array(z.object({ duration: z.int(), description: z.string() })),
  sharing_use_duration: z.int(),
});
export type CdrConfig = z.infer<typeof cdrConfigSchema>;
export const cdrConfigResponseSchema = z.object({ data: cdrConfigSchema });
export const cdrConfigParamsSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9-]{1,100}$/, 'must be a config id')),
});
