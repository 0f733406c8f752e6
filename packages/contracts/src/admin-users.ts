import * as z from 'zod/mini';
import { adminPermissionAreasSchema } from './admin-permissions.ts';
import { passwordRuleMessages, passwordSchema } from './admin-users-password.ts';
import { databaseIdSchema } from './money.ts';
import { externalPartyStatuses, partyTypes } from './parties.ts';

/** Messages of spec §5, word for word. */
export const userFormMessages = {
  email: 'Please enter a valid email address',
  givenName: 'Please enter your first name',
  familyName: 'Please enter your last name.',
  invalidGivenName: 'Please enter a valid first name',
  invalidFamilyName: 'Please enter a valid last name',
  terms: 'Please agree to the terms and privacy policy',
} as const;

export const emailSchema = z.pipe(
  z.string({ error: userFormMessages.email }).check(z.trim(), z.maxLength(254, userFormMessages.email)),
  z.email({ error: userFormMessages.email }),
);

// Letters of any script, spaces, apostrophes, hyphens and full stops: "O'Brien", "Nguyễn", "Mary-Jane".
// Empty passes here, so that an empty name gets only the "Please enter…" message.
const personName = /^(?:[\p{L}\p{M}][\p{L}\p{M} '’.-]*)?$/u;
/** A person's first name: letters of any script, spaces, apostrophes, hyphens, full stops (spec §5 messages). */
export const givenNameSchema = z
  .string({ error: userFormMessages.givenName })
  .check(
    z.trim(),
    z.minLength(1, userFormMessages.givenName),
    z.maxLength(100, userFormMessages.invalidGivenName),
    z.regex(personName, userFormMessages.invalidGivenName),
  );
/** A person's last name, as `givenNameSchema`. */
export const familyNameSchema = z
  .string({ error: userFormMessages.familyName })
  .check(
    z.trim(),
    z.minLength(1, userFormMessages.familyName),
    z.maxLength(100, userFormMessages.invalidFamilyName),
    z.regex(personName, userFormMessages.invalidFamilyName),
  );

/** `GET api/admin/adminusers/details`: the signed-in admin user (spec §3 Current admin user details). */
export const adminUserDetailsSchema = z.object({
  id: z.int(),
  email: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  kind: z.enum(['adviser', 'operator']),
  email_verified: z.boolean(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  external_party: z.nullable(
    z.object({
      id: z.int(),
      name: z.string(),
      status: z.enum(externalPartyStatuses),
      type: z.enum(partyTypes),
    }),
  ),
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;
export const adminUserDetailsResponseSchema = z.object({ data: adminUserDetailsSchema });

/** `POST api/admin/adminusers/reset`. */
export const resetPasswordRequestSchema = z.object({ email: emailSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The one answer of the e-mail-sending endpoints, whether or not the address has an account. */
export const mailAcceptedResponseSchema = z.object({ data: z.object({ message: z.string() }) });
export type MailAcceptedResponse = z.infer<typeof mailAcceptedResponseSchema>;

/** `POST api/admin/adminusers/reset/password`: the token from the link's query, and the new password. */
const tokenSchema = z.string().check(z.minLength(1), z.maxLength(200));
export const setPasswordRequestSchema = z
  .object({
    reset_password_token: z.optional(tokenSchema),
    invitation_token: z.optional(tokenSchema),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .check(
    z.refine((body) => body.password === body.password_confirmation, {
      path: ['password_confirmation'],
      message: passwordRuleMessages.mismatch,
    }),
    z.refine((body) => (body.reset_password_token === undefined) !== (body.invitation_token === undefined), {
      path: ['reset_password_token'],
      message: 'Send exactly one of reset_password_token and invitation_token',
    }),
  );
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

export const setPasswordResponseSchema = z.object({ data: z.object({ email: z.string() }) });

/**
 * `POST api/admin/adminusers/invite`: a colleague for the inviter's practice, or, from an operator,
 * another operator or (naming `external_party_id`, an enabled practice of the operator's tenant) an
 * adviser of that practice. An adviser may name only its own practice. Since 2026-12-03: before, a
 * practice an operator added had no way to get its first adviser.
 */
export const inviteAdminUserRequestSchema = z.object({
  email: emailSchema,
  given_name: givenNameSchema,
  family_name: familyNameSchema,
  external_party_id: z.optional(databaseIdSchema),
  /**
   * The areas an invited operator holds (spec §3 admin permission areas; none when absent). Only
   * for an operator's invitation of an operator, and only areas the inviter holds itself, with
   * `roles_and_permissions` among them.
   */
  permissions: z.optional(adminPermissionAreasSchema),
});
export type InviteAdminUserRequest = z.infer<typeof inviteAdminUserRequestSchema>;

/**
 * The one answer of `POST api/admin/adminusers/invite` (202), whatever the address: an address
 * without an account (or with this practice's invitation still unaccepted) is e-mailed a link, one
 * that already has an account elsewhere a note instead, so the answer tells no inviter which
 * addresses have one. Before 2026-11-29 it answered 201 with the invitee's id, or 409.
 */
export const invitationAcceptedResponseSchema = z.object({
  data: z.object({ email: z.string(), email_verified: z.literal(false) }),
});
export type InvitationAcceptedResponse = z.infer<typeof invitationAcceptedResponseSchema>;

/**
 * `POST api/admin/adminusers/register` (no credentials): the profile step of registration. The
 * password may come now or later, through the token the verification step hands back.
 */
export const registerAdminUserRequestSchema = z
  .object({
    email: emailSchema,
    given_name: givenNameSchema,
    family_name: familyNameSchema,
    password: z.optional(passwordSchema),
    password_confirmation: z.optional(z.string()),
    terms_accepted: z.literal(true, { error: userFormMessages.terms }),
  })
  .check(
    z.refine((body) => body.password === undefined || body.password === body.password_confirmation, {
      path: ['password_confirmation'],
      message: passwordRuleMessages.mismatch,
    }),
  );
export type RegisterAdminUserRequest = z.infer<typeof registerAdminUserRequestSchema>;

/**
 * The one answer of `POST api/admin/adminusers/register` (202), whatever the address: a code is
 * e-mailed to an address that can register, and a note that it already has an account to one
 * whose account is verified, so the answer tells nobody which addresses have one.
 */
export const registrationAcceptedResponseSchema = z.object({
  data: z.object({ email: z.string(), email_verified: z.literal(false) }),
});
export type RegistrationAcceptedResponse = z.infer<typeof registrationAcceptedResponseSchema>;
