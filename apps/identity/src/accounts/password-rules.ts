import { passwordSchema } from '@waratah/contracts';

/** Spec §5 as the forms' hint lists it: at least 16 characters, a number, upper- and lower-case letters. */
export const passwordRules = [
  { message: 'At least 16 characters' },
  { message: 'At least one number' },
  { message: 'Both uppercase and lowercase letters' },
] as const;

export const passwordCriteriaMessage = "Your password doesn't meet all the criteria below";

/**
 * The host's own rule on a new password beyond spec §5 (the platform refuses its list of common and
 * breached passwords): the message to show on the password field, or undefined to accept it.
 */
export type PasswordRefusal = (password: string) => string | undefined;

/**
 * Whether a password meets spec §5 exactly as the platform checks it (`passwordSchema` of
 * `@waratah/contracts`): a number, upper- and lower-case letters of any script (Unicode), 16 to
 * 1,000 characters. Before 2026-12-03 the identity took only ASCII digits and letters and no maximum,
 * so a password one side accepted the other refused.
 */
export function meetsPasswordRules(password: string): boolean {
  return passwordSchema.safeParse(password).success;
}
