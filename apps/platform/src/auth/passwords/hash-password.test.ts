import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './hash-password.ts';

describe('hashPassword', () => {
  it('hashes with argon2id at the OWASP minimum and verifies', async () => {
    const hashed = await hashPassword('Correct-Horse-Battery-9');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hashed, 'Correct-Horse-Battery-9')).toBe(true);
    expect(await verifyPassword(hashed, 'correct-horse-battery-9')).toBe(false);
  });

  it('answers false, after the same work, when there is no hash', async () => {
    expect(await verifyPassword(null, 'Anything-At-All-1234')).toBe(false);
    expect(await verifyPassword('not a hash', 'Anything-At-All-1234')).toBe(false);
  });
});
