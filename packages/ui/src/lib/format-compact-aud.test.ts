import { describe, expect, it } from 'vitest';
import { formatCompactAud } from './format-compact-aud.ts';

describe('formatCompactAud', () => {
  it.each([
    [0, '$0'],
    [950, '$950'],
    [1234, '$1.2K'],
    [56789, '$57K'],
    [1_250_000, '$1.3M'],
  ])('formats %i as %s', (value, text) => {
    expect(formatCompactAud(value)).toBe(text);
  });
});
