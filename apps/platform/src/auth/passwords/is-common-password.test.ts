import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './is-common-password.ts';

describe('isCommonPassword', () => {
  it.each(['password', 'Password12345678', 'PASSWORD12345678', 'Qwerty1234567890', 'Welcome2024!'])(
    'knows %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it('lets an uncommon password through', () => {
    expect(isCommonPassword('Blue-Gum-Ferry-Kettle-42')).toBe(false);
  });
});
