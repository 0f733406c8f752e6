/** Spec §5: at least 16 characters, a number, upper- and lower-case letters. */
export const passwordRules = [
  { test: (value: string) => value.length >= 16, message: 'At least 16 characters' },
  { test: (value: string) => /\d/.test(value), message: 'At least one number' },
  {
    test: (value: string) => /[A-Z]/.test(value) && /[a-z]/.test(value),
    message: 'Both uppercase and lowercase letters',
  },
] as const;

export const passwordCriteriaMessage = "Your password doesn't meet all the criteria below";

/**
 * The host's own rule on a new password beyond spec §5 (the platform refuses its list of common and
 * breached passwords): the message to show on the password field, or undefined to accept it.
 */
export type PasswordRefusal = (password: string) => string | undefined;

/** The rules a password breaks (empty when it meets them all). */
export function brokenPasswordRules(password: string): string[] {
  return passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}
