import * as z from 'zod/mini';
import { familyNameSchema, givenNameSchema } from './admin-users.ts';

export const clientStatuses = ['invited', 'active', 'suspended'] as const;

/** `GET {p}/user/details` (reference §10, the fields this platform keeps). */
export const userDetailsSchema = z.object({
  id: z.int(),
  email: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  mobile_number: z.nullable(z.string()),
  status: z.enum(clientStatuses),
  primary_currency: z.string(),
  registration_date: z.string(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;
export const userDetailsResponseSchema = z.object({ data: userDetailsSchema });

export const updateUserDetailsBodySchema = z
  .object({
    given_name: z.optional(givenNameSchema),
    family_name: z.optional(familyNameSchema),
    mobile_number: z.optional(
      z.nullable(z.string().check(z.trim(), z.regex(/^\+?[0-9 ]{8,16}$/, 'must be a phone number'))),
    ),
  })
  .check(
    // A change that names nothing is refused: before 2026-11-30 it wrote `updated_at` and an audit
    // row, as `PUT users/{id}` did before (managed-users.ts).
    z.refine((change) => Object.values(change).some((value) => value !== undefined), {
      message: 'must change at least one of given_name, family_name, mobile_number',
      path: ['given_name'],
    }),
  );
export type UpdateUserDetailsBody = z.infer<typeof updateUserDetailsBodySchema>;

/** `GET {p}/user/summary`: counts an adviser's client list and overview show. */
export const userSummarySchema = z.object({
  provider_accounts_count: z.int(),
  accounts_count: z.int(),
  needs_action_count: z.int(),
  transactions_count: z.int(),
  last_refreshed: z.nullable(z.string()),
  first_transaction_date: z.nullable(z.string()),
  last_transaction_date: z.nullable(z.string()),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
export const userSummaryResponseSchema = z.object({ data: userSummarySchema });
