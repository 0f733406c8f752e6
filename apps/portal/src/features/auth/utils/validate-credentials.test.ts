import { describe, expect, it } from 'vitest';
import { validateCredentials } from './validate-credentials.ts';

describe('validateCredentials', () => {
  it('accepts an email address and any password', () => {
    expect(validateCredentials({ email: ' adviser@example.com.au ', password: 'x' })).toEqual({});
  });

  it('names each field that fails', () => {
    expect(validateCredentials({ email: 'adviser@', password: '' })).toEqual({
      email: 'invalidEmail',
      password: 'passwordRequired',
    });
    expect(validateCredentials({ email: 'not an email@example.com', password: 'x' })).toEqual({
      email: 'invalidEmail',
    });
  });
});
