import * as z from 'zod/mini';
import { appConfigParamsSchema, appLinkKeys, featureKeySchema } from './app-config.ts';

/** The environments an app config row exists for (the tenant package's list, spelled out: contracts stand alone). */
export const appConfigEnvironments = ['sandbox', 'staging', 'production'] as const;

function uniqueKeys(items: readonly { key: string }[], context: z.core.$RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.key)) {
      context.addIssue({ code: 'custom', path: [index, 'key'], message: `'${item.key}' is listed twice` });
    }
    seen.add(item.key);
  });
}

/**
 * `PUT api/admin/config/app/{id}`: an operator switches features on or off, or changes links, in
 * one environment of their own tenant. Keys not listed keep their value.
 */
export const updateAppConfigBodySchema = z
  .strictObject({
    environment: z.enum(appConfigEnvironments),
    features: z.optional(
      z
        .array(z.strictObject({ key: featureKeySchema, enabled: z.boolean() }))
        .check(z.maxLength(50), z.superRefine(uniqueKeys)),
    ),
    links: z.optional(
      z
        .array(
          z.strictObject({
            key: z.enum(appLinkKeys),
            url: z
              .url({ protocol: /^https$/, message: 'must be an https:// address' })
              .check(z.maxLength(2000)),
          }),
        )
        .check(z.maxLength(10), z.superRefine(uniqueKeys)),
    ),
  })
  .check(
    z.refine((body) => (body.features?.length ?? 0) + (body.links?.length ?? 0) > 0, {
      message: 'name at least one feature or link to change',
      path: ['features'],
    }),
  );
export type UpdateAppConfigBody = z.infer<typeof updateAppConfigBodySchema>;

export const adminAppConfigParamsSchema = appConfigParamsSchema;
