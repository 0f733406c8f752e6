import { describe, expect, it } from 'vitest';
import { validateRegistration } from './register-adviser.ts';

const valid = {
  givenName: 'Ada',
  familyName: "O'Brien-Smith",
  email: 'ada@example.com.au',
  password: 'Correct-Horse-Battery-9',
  passwordConfirmation: 'Correct-Horse-Battery-9',
  termsAccepted: true,
};

describe('validateRegistration', () => {
  it('accepts a complete registration', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it('names each broken field in the spec’s words', () => {
    expect(
      validateRegistration({
        givenName: ' ',
        familyName: '',
        email: 'not-an-email',
        password: 'short1A',
        passwordConfirmation: 'other',
        termsAccepted: false,
      }),
    ).toEqual({
      given_name: 'Please enter your first name',
      family_name: 'Please enter your last name.',
      email: 'Please enter a valid email address',
      password: "Your password doesn't meet all the criteria below",
      password_confirmation: 'Passwords do not match',
      terms: 'Please agree to the terms and privacy policy',
    });
  });

  it('refuses names that are not names and passwords missing a rule', () => {
    const errors = validateRegistration({
      ...valid,
      givenName: '<script>',
      familyName: '42',
      password: 'alllowercase-and-long-1',
      passwordConfirmation: 'alllowercase-and-long-1',
    });
    expect(errors).toEqual({
      given_name: 'Please enter a valid first name',
      family_name: 'Please enter a valid last name',
      password: "Your password doesn't meet all the criteria below",
    });
  });

  it('refuses an over-long address before its pattern reads it', () => {
    // The pattern's time grows with the square of its input: this address, sent as JSON to the
    // form's route (not held to the form's 16 KiB), took about half an hour before 2026-11-30.
    const email = `a@${'.'.repeat(1_000_000)}@`;
    expect(validateRegistration({ ...valid, email }).email).toBe('Please enter a valid email address');
    expect(validateRegistration({ ...valid, email: `${'a'.repeat(243)}@example.au` }).email).toBeUndefined();
  });
});
