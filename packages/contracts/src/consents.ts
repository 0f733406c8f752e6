import * as z from 'zod/mini';
import { consentStatuses } from './managed-users.ts';
import { databaseIdSchema } from './money.ts';

/** The CDR's longest sharing period: 12 months, in seconds (365 days). */
export const maxSharingDurationSeconds = 365 * 24 * 60 * 60;

/**
 * One of a client's consents to share data with an adviser's practice (spec §3 consent status;
 * the reference's `cdr/consents` Consent, reduced to what the platform records).
 */
export const consentSchema = z.object({
  id: z.int(),
  external_party: z.object({ id: z.int(), name: z.string() }),
  status: z.enum(consentStatuses),
  sharing_started_at: z.nullable(z.string()),
  sharing_expires_at: z.nullable(z.string()),
  sharing_stopped_at: z.nullable(z.string()),
  /** Seconds between start and expiry. */
  sharing_duration: z.nullable(z.int()),
  /** What happens to the shared data when the consent ends: the platform deletes it. */
  delete_redundant_data: z.boolean(),
  events: z.array(z.object({ event_type: z.enum(['confirmation', 'withdrawal']), occurred_at: z.string() })),
});
export type Consent = z.infer<typeof consentSchema>;

export const consentListResponseSchema = z.object({ data: z.array(consentSchema) });
export const consentResponseSchema = z.object({ data: consentSchema });

/** `POST api/v2/consents`: the client grants (or renews) an adviser practice's access for a chosen duration. */
export const grantConsentBodySchema = z.strictObject({
  external_party_id: databaseIdSchema,
  /** Seconds; one of the durations of `config/cdr`, at most 12 months. */
  sharing_duration: z
    .int()
    .check(z.positive(), z.lte(maxSharingDurationSeconds, 'must be at most 12 months')),
});
export type GrantConsentBody = z.infer<typeof grantConsentBodySchema>;
