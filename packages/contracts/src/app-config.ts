import * as z from 'zod/mini';

/** Platform key of the adviser portal in the app config (spec §3). */
export const adviserWebPortalPlatformKey = 'adviser-web-portal';

/** Feature keys of the adviser portal (spec §3). */
export const featureKeys = [
  'view_transactions',
  'transaction_categorisation',
  'goals',
  'generate_bank_statement_custom_date',
  'generate_fp_custom_date',
  'suspend_users',
  'invite_clients',
  'unlink_user_from_ta',
  'ta_register',
  'view_goals',
  'appcues',
  '3m_report',
  'account_dashboard',
] as const;
export const featureKeySchema = z.enum(featureKeys);
export type FeatureKey = z.infer<typeof featureKeySchema>;

export const appLinkKeys = ['ta-help-centre', 'help_page', 'about_page'] as const;
export type AppLinkKey = (typeof appLinkKeys)[number];

export const appConfigFeatureSchema = z.object({ key: z.string(), enabled: z.boolean() });
export const appConfigPlatformSchema = z.object({
  key: z.string(),
  features: z.array(appConfigFeatureSchema),
});
export const appConfigLinkSchema = z.object({ key: z.string(), url: z.string() });

/** `GET api/v2/config/app/{id}` (spec §7 Config). */
export const appConfigResponseSchema = z.object({
  data: z.object({
    platforms: z.array(appConfigPlatformSchema),
    links: z.array(appConfigLinkSchema),
  }),
});
export type AppConfigResponse = z.infer<typeof appConfigResponseSchema>;
export type AppConfig = AppConfigResponse['data'];

export const appConfigParamsSchema = z.object({
  id: z
    .string()
    .check(z.minLength(1), z.maxLength(100), z.regex(/^[a-z0-9-_]+$/, 'must be a lower-case key')),
});

/** `GET api/v2/{tenant}/config/app/{id}`: the optional tenant-prefixed form (spec §7 Config). */
export const tenantAppConfigParamsSchema = z.extend(appConfigParamsSchema, {
  tenant: z
    .string()
    .check(z.minLength(1), z.maxLength(100), z.regex(/^[a-z0-9-_]+$/, 'must be a lower-case tenant id')),
});
