import { passwordSchema } from '@waratah/contracts';
import { describe, expect, it } from 'vitest';
import { newPasswordErrors } from './change-password.ts';
import { validateRegistration } from './register-adviser.ts';

const criteria = "Your password doesn't meet all the criteria below";

/** Whether the identity's forms (a change or reset, and a registration) take the password. */
function takenByTheForms(password: string): boolean[] {
  const registration = validateRegistration({
    givenName: 'Ada',
    familyName: 'Adviser',
    email: 'ada@example.com.au',
    password,
    passwordConfirmation: password,
    termsAccepted: true,
  });
  return [newPasswordErrors(password, password).password, registration.password].map(
    (error) => error === undefined,
  );
}

describe('the password rules of spec §5', () => {
  it('are the platform’s: a number and both cases in any script, 16 to 1,000 characters', () => {
    const samples = {
      // Cyrillic capitals and small letters, an Arabic-Indic digit: before 2026-12-03 the identity
      // refused it (ASCII only) where the platform's reset took it.
      'Пароль-для-входа-٣': true,
      'Ελληνικός-Κωδικός-7': true,
      'Correct-Horse-Battery-9': true,
      [`Aa1${'x'.repeat(997)}`]: true,
      // Past 1,000 characters: the platform refuses it, and so does the identity now.
      [`Aa1${'x'.repeat(998)}`]: false,
      short1A: false,
      'alllowercase-and-long-1': false,
      'ALLUPPERCASE-AND-LONG-1': false,
      'No-Number-In-This-One': false,
    };
    for (const [password, taken] of Object.entries(samples)) {
      const label = password.slice(0, 24);
      expect(passwordSchema.safeParse(password).success, label).toBe(taken);
      expect(takenByTheForms(password), label).toEqual([taken, taken]);
    }
    expect(newPasswordErrors(`Aa1${'x'.repeat(998)}`, `Aa1${'x'.repeat(998)}`)).toEqual({
      password: criteria,
    });
  });
});
