import * as z from 'zod/mini';
import { emailSchema, familyNameSchema, givenNameSchema } from './admin-users.ts';
import { cursorQuerySchema, pageNumberSchema, pagingSchema } from './paging.ts';
import { clientStatuses } from './users.ts';

export const consentStatuses = ['pending', 'active', 'in_use', 'expired', 'withdrawn'] as const;

/** One client in an adviser's (or operator's) list: who, the consent, and the data's freshness. */
export const managedUserSchema = z.object({
  id: z.int(),
  email: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  status: z.enum(clientStatuses),
  consent: z.nullable(
    z.object({
      status: z.enum(consentStatuses),
      start: z.nullable(z.string()),
      expiry: z.nullable(z.string()),
    }),
  ),
  last_refreshed: z.nullable(z.string()),
  needs_action_count: z.int(),
  created_at: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const managedUserSorts = ['name', 'email', 'consent_expiry', 'created_at'] as const;
/** `GET api/adviser/users` and `api/admin/users`: search, sort and paging (cursor or page). */
export const listManagedUsersQuerySchema = z.extend(cursorQuerySchema, {
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  consent_status: z.optional(z.enum(consentStatuses)),
  sort: z._default(z.enum(managedUserSorts), 'name'),
  order: z._default(z.enum(['asc', 'desc']), 'asc'),
  page: z.optional(pageNumberSchema),
});
export type ListManagedUsersQuery = z.infer<typeof listManagedUsersQuerySchema>;

export const managedUserListResponseSchema = z.object({
  data: z.array(managedUserSchema),
  paging: pagingSchema,
});
export const managedUserResponseSchema = z.object({ data: managedUserSchema });

// A client's names go into the tenant's e-mails ("Hi {given_name},") and every list: the rules of
// an adviser's own (before 2026-11-30 anything of 1 to 100 characters, a zero-width space or a
// sentence with a web address included).
export const updateManagedUserBodySchema = z
  .object({
    given_name: z.optional(givenNameSchema),
    family_name: z.optional(familyNameSchema),
    status: z.optional(z.enum(['active', 'suspended'])),
  })
  .check(
    // A change that names nothing is refused before the client is looked up: before 2026-11-30 it
    // wrote `updated_at` and an audit row, and its 200 or 404 told an inviting practice, call
    // after call, whether its invitee had signed up or been invited elsewhere since.
    z.refine((change) => Object.values(change).some((value) => value !== undefined), {
      message: 'must change at least one of given_name, family_name, status',
      path: ['given_name'],
    }),
  );
export type UpdateManagedUserBody = z.infer<typeof updateManagedUserBodySchema>;

export const inviteUserBodySchema = z.object({
  // The register and reset forms' address: trimmed, then checked (before 2026-12-02 a pasted
  // "a@b.com " was refused, with no message of spec §5).
  email: emailSchema,
  given_name: givenNameSchema,
  family_name: familyNameSchema,
});
export type InviteUserBody = z.infer<typeof inviteUserBodySchema>;

/** How far ahead the practice's consents panel looks for consents about to end. */
export const consentExpiringWithinDays = 30;

/** One client's consent in the practice-wide panel. */
export const practiceConsentSchema = z.object({
  client_id: z.int(),
  email: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  status: z.enum(consentStatuses),
  expiry: z.nullable(z.string()),
  /** When the client withdrew it (status withdrawn), if known. */
  withdrawn_at: z.nullable(z.string()),
});
export type PracticeConsent = z.infer<typeof practiceConsentSchema>;

/** `GET api/adviser/users/consents`: at most `size` of each list, with each list's full count. */
export const practiceConsentsQuerySchema = z.object({
  size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});

export const practiceConsentsResponseSchema = z.object({
  data: z.object({
    /** Active or in use, ending within 30 days: soonest first. */
    expiring: z.array(practiceConsentSchema),
    expiring_total: z.int(),
    /** Expired (including active ones past their expiry) or withdrawn: the most recently ended first. */
    ended: z.array(practiceConsentSchema),
    ended_total: z.int(),
  }),
});
export type PracticeConsents = z.infer<typeof practiceConsentsResponseSchema>['data'];
