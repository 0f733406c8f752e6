import * as z from 'zod/mini';

const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/**
 * Error envelope of every non-OAuth endpoint (DESIGN §3), as the platform writes it: every key
 * present. Codes are listed in docs/errors.md.
 */
export const errorBodySchema = z.object({
  error: z.object({
    error_code: z.string(),
    error_type: z.string(),
    error_message: z.string(),
    /** Present on validation errors: the fields that failed, by dotted path. */
    fields: z.optional(z.array(fieldErrorSchema)),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The error envelope as a caller reads it (the SDK): the reference platform's
 * `{error: {error_code?, error_message}}`, which has no `error_type`, and a gateway's body with a
 * message alone are read too, so that the caller still gets the message (spec §8). Only
 * `error_message` is required; a `fields` that is not the platform's list is left out rather than
 * losing the message. The platform itself always writes every key (`errorBodySchema`).
 */
export const readableErrorBodySchema = z.object({
  error: z.object({
    error_code: z.optional(z.string()),
    error_type: z.optional(z.string()),
    error_message: z.string(),
    fields: z.catch(z.optional(z.array(fieldErrorSchema)), undefined),
  }),
});
export type ReadableErrorBody = z.infer<typeof readableErrorBodySchema>;

/** OAuth endpoints answer as RFC 6749 §5.2 says. */
export const oauthErrorBodySchema = z.object({
  error: z.string(),
  error_description: z.optional(z.string()),
});
export type OAuthErrorBody = z.infer<typeof oauthErrorBodySchema>;
