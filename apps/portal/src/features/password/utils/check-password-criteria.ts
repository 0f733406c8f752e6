import { passwordMinLength } from '@waratah/contracts';

export type PasswordCriterion = 'length' | 'number' | 'cases';

/** The password hint of spec §5, each criterion met or not, in the order they are listed. */
export function checkPasswordCriteria(password: string): Record<PasswordCriterion, boolean> {
  return {
    length: [...password].length >= passwordMinLength,
    number: /\p{Nd}/u.test(password),
    cases: /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password),
  };
}

export function meetsPasswordCriteria(password: string): boolean {
  return Object.values(checkPasswordCriteria(password)).every(Boolean);
}
