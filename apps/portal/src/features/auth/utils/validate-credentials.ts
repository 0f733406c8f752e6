import type { LoginCredentials } from '../api/request-admin-token.ts';

export type CredentialErrors = Partial<Record<keyof LoginCredentials, 'invalidEmail' | 'passwordRequired'>>;

// Deliberately loose: the server has the final say, this only catches obvious slips before a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message key of each field that fails, in form order. */
export function validateCredentials({ email, password }: LoginCredentials): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!EMAIL.test(email.trim())) errors.email = 'invalidEmail';
  if (password.length === 0) errors.password = 'passwordRequired';
  return errors;
}
