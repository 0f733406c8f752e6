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

/** How far ahead the practice's consents panel looks for consents about to end. */
export const consentExpiringWithinDays = 30;

/** One client's consent in the practice-wide panel. */
export const practiceConsentSchema = z.object({
  client_id: z.number().int(),
  email: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  status: z.enum(consentStatuses),
  expiry: z.string().nullable(),
  /** When the client withdrew it (status withdrawn), if known. */
  withdrawn_at: z.string().nullable(),
});
export type PracticeConsent = z.infer<typeof practiceConsentSchema>;

/** `GET api/adviser/users/consents`: at most `size` of each list, with each list's full count. */
export const practiceConsentsQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const practiceConsentsResponseSchema = z.object({
  data: z.object({
    /** Active or in use, ending within 30 days: soonest first. */
    expiring: z.array(practiceConsentSchema),
    expiring_total: z.number().int(),
    /** Expired (including active ones past their expiry) or withdrawn: the most recently ended first. */
    ended: z.array(practiceConsentSchema),
    ended_total: z.number().int(),
  }),
});
export type PracticeConsents = z.infer<typeof practiceConsentsResponseSchema>['data'];
