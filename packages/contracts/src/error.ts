import * as z from 'zod/mini';

/** Error envelope of every non-OAuth endpoint (DESIGN §3). Codes are listed in docs/errors.md. */
export const errorBodySchema = z.object({
  error: z.object({
    error_code: z.string(),
    error_type: z.string(),
    error_message: z.string(),
    /** Present on validation errors: the fields that failed, by dotted path. */
    fields: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** OAuth endpoints answer as RFC 6749 §5.2 says. */
export const oauthErrorBodySchema = z.object({
  error: z.string(),
  error_description: z.optional(z.string()),
});
export type OAuthErrorBody = z.infer<typeof oauthErrorBodySchema>;
