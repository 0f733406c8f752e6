import * as z from 'zod/mini';

/** The minimum password length (spec §9). */
export const passwordMinLength = 16;

/** Server and portal words for the rules of spec §5, one message per unmet rule. */
export const passwordRuleMessages = {
  length: `Password must be at least ${passwordMinLength} characters`,
  number: 'Password must contain at least one number',
  uppercase: 'Password must contain an uppercase letter',
  lowercase: 'Password must contain a lowercase letter',
  common: 'This password is too common or has appeared in a data breach; please choose another',
  mismatch: 'Passwords do not match',
} as const;

/** The password rules of spec §5: at least 16 characters, a number, upper and lower case. */
export const passwordSchema = z
  .string()
  .check(
    z.maxLength(1000, 'Password must be at most 1000 characters'),
    z.minLength(passwordMinLength, passwordRuleMessages.length),
    z.regex(/\p{Nd}/u, passwordRuleMessages.number),
    z.regex(/\p{Lu}/u, passwordRuleMessages.uppercase),
    z.regex(/\p{Ll}/u, passwordRuleMessages.lowercase),
  );
