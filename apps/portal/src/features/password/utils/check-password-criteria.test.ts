import { describe, expect, it } from 'vitest';
import { checkPasswordCriteria, meetsPasswordCriteria } from './check-password-criteria.ts';

describe('checkPasswordCriteria', () => {
  it('checks length, a number, and both cases', () => {
    expect(checkPasswordCriteria('')).toEqual({ length: false, number: false, cases: false });
    expect(checkPasswordCriteria('abcdefghijklmnop')).toEqual({ length: true, number: false, cases: false });
    expect(checkPasswordCriteria('Abcdefghijklmno1')).toEqual({ length: true, number: true, cases: true });
  });

  it('needs every criterion', () => {
    expect(meetsPasswordCriteria('Abcdefghijklmno1')).toBe(true);
    expect(meetsPasswordCriteria('Abcdefghijklmn1')).toBe(false);
  });
});
