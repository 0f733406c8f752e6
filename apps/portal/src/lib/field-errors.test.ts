import { registerAdminUserRequestSchema } from '@waratah/contracts';
import { describe, expect, it } from 'vitest';
import { checkForm } from './field-errors.ts';

describe('checkForm', () => {
  it("keeps each field's first message, in the spec's words", () => {
    const { data, errors } = checkForm(registerAdminUserRequestSchema, {
      email: 'nope',
      given_name: '',
      family_name: '',
      terms_accepted: false,
    });

    expect(data).toBeNull();
    expect(errors).toEqual({
      email: 'Please enter a valid email address',
      given_name: 'Please enter your first name',
      family_name: 'Please enter your last name.',
      terms_accepted: 'Please agree to the terms and privacy policy',
    });
  });

  it('gives the parsed data when every field passes', () => {
    const { data, errors } = checkForm(registerAdminUserRequestSchema, {
      email: ' ada@example.test ',
      given_name: 'Ada',
      family_name: 'Lee',
      terms_accepted: true,
    });

    expect(errors).toEqual({});
    expect(data).toMatchObject({ email: 'ada@example.test' });
  });
});
