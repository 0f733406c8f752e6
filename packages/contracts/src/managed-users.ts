import { z } from 'zod';
import { cursorQuerySchema, pagingSchema } from './paging.ts';
import { clientStatuses } from './users.ts';

export const consentStatuses = ['pending', 'active', 'in_use', 'expired', 'withdrawn'] as const;

/** One client in an adviser's (or operator's) list: who, the consent, and the data's freshness. */
export const managedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  status: z.enum(clientStatuses),
  consent: z
    .object({ status: z.enum(consentStatuses), start: z.string().nullable(), expiry: z.string().nullable() })
    .nullable(),
  last_refreshed: z.string().nullable(),
  needs_action_count: z.number().int(),
  created_at: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const managedUserSorts = ['name', 'email', 'consent_expiry', 'created_at'] as const;
/** `GET api/adviser/users` and `api/admin/users`: search, sort and paging (cursor or page). */
export const listManagedUsersQuerySchema = cursorQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  consent_status: z.enum(consentStatuses).optional(),
  sort: z.enum(managedUserSorts).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).optional(),
});
export type ListManagedUsersQuery = z.infer<typeof listManagedUsersQuerySchema>;

export const managedUserListResponseSchema = z.object({
  data: z.array(managedUserSchema),
  paging: pagingSchema,
});
export const managedUserResponseSchema = z.object({ data: managedUserSchema });

export const updateManagedUserBodySchema = z.object({
  given_name: z.string().trim().min(1).max(100).optional(),
  family_name: z.string().trim().min(1).max(100).optional(),
  status: z.enum(['active', 'suspended']).optional(),
});
export type UpdateManagedUserBody = z.infer<typeof updateManagedUserBodySchema>;

export const inviteUserBodySchema = z.object({
  email: z.email().max(200),
  given_name: z.string().trim().min(1).max(100),
  family_name: z.string().trim().min(1).max(100),
  consent_months: z.number().int().min(1).max(12).default(12),
});
export type InviteUserBody = z.infer<typeof inviteUserBodySchema>;
