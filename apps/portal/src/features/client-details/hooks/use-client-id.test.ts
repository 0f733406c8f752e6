import { describe, expect, it } from 'vitest';
import { parseClientId } from './use-client-id.ts';

describe('parseClientId', () => {
  it('reads a positive whole number', () => {
    expect(parseClientId('42')).toBe(42);
  });

  it.each([undefined, '', '0', '-3', '4.5', '12abc', '007', '99999999999999999'])('refuses %s', (value) => {
    expect(parseClientId(value)).toBeNull();
  });
});
