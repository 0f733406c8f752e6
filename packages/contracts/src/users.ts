import { z } from 'zod';

export const clientStatuses = ['invited', 'active', 'suspended'] as const;

/** `GET {p}/user/details` (reference §10, the fields this platform keeps). */
export const userDetailsSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  mobile_number: z.string().nullable(),
  status: z.enum(clientStatuses),
  primary_currency: z.string(),
  registration_date: z.string(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;
export const userDetailsResponseSchema = z.object({ data: userDetailsSchema });

const nameSchema = z.string().trim().min(1).max(100);
export const updateUserDetailsBodySchema = z.object({
  given_name: nameSchema.optional(),
  family_name: nameSchema.optional(),
  mobile_number: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{8,16}$/, 'must be a phone number')
    .nullable()
    .optional(),
});
export type UpdateUserDetailsBody = z.infer<typeof updateUserDetailsBodySchema>;

/** `GET {p}/user/summary`: counts an adviser's client list and overview show. */
export const userSummarySchema = z.object({
  provider_accounts_count: z.number().int(),
  accounts_count: z.number().int(),
  needs_action_count: z.number().int(),
  transactions_count: z.number().int(),
  last_refreshed: z.string().nullable(),
  first_transaction_date: z.string().nullable(),
  last_transaction_date: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
export const userSummaryResponseSchema = z.object({ data: userSummarySchema });
