import * as z from 'zod/mini';

/**
 * The admin permission areas of spec §3, word for word, in its order. An operator holds a set of
 * them (`admin_users.permissions`); each operator route names the one it needs
 * (apps/platform/src/auth/operator-areas.ts). Advisers hold none: their practice decides.
 */
export const adminPermissionAreas = [
  'accounts',
  'admin',
  'affordability',
  'app_configs',
  'app_reports',
  'audit',
  'billers',
  'bills',
  'budgets',
  'cdr_config',
  'cdr_manager',
  'cdr_products',
  'certificate_expiry',
  'data_purge',
  'delete_manual_account',
  'developer',
  'device_logs',
  'device_types',
  'doorkeeper',
  'download_user_credentials',
  'events',
  'external_parties',
  'generate_auth_code',
  'goals',
  'images',
  'insights',
  'merchants',
  'message_editor',
  'message_publisher',
  'messaging_and_events',
  'multi_tenant',
  'outages',
  'provider_accounts',
  'providers',
  'roles_and_permissions',
  'scheduled_reports',
  'secrets_manager',
  'sidekiq',
  'single_sign_on',
  'static_pages',
  'suggested_transaction_tags',
  'surveys',
  'transaction_categories',
  'transaction_category_rules',
  'transactions',
  'unblock_ips',
  'usage',
  'user_details',
  'user_event_trigger',
  'user_management',
  'user_personal_information',
  'webhooks',
] as const;
export type AdminPermissionArea = (typeof adminPermissionAreas)[number];

/** A set of areas as a request names it: each a known area, each once, at most every area. */
export const adminPermissionAreasSchema = z.array(z.enum(adminPermissionAreas)).check(
  z.maxLength(adminPermissionAreas.length),
  z.refine((areas) => new Set(areas).size === areas.length, 'Each permission area may be named once'),
);

/** `PUT api/admin/adminusers/{id}/permissions`: the areas the operator holds from now on. */
export const adminUserPermissionsRequestSchema = z.object({ permissions: adminPermissionAreasSchema });
export type AdminUserPermissionsRequest = z.infer<typeof adminUserPermissionsRequestSchema>;

/** Its answer: the operator and the areas it now holds. */
export const adminUserPermissionsResponseSchema = z.object({
  data: z.object({ id: z.int(), permissions: z.array(z.enum(adminPermissionAreas)) }),
});
export type AdminUserPermissionsResponse = z.infer<typeof adminUserPermissionsResponseSchema>;
