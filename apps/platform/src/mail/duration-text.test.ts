import { describe, expect, it } from 'vitest';
import { durationText } from './duration-text.ts';

describe('durationText', () => {
  it('says a life in the largest unit that divides it', () => {
    expect(durationText(7 * 24 * 60 * 60)).toBe('7 days');
    expect(durationText(24 * 60 * 60)).toBe('1 day');
    expect(durationText(60 * 60)).toBe('1 hour');
    expect(durationText(36 * 60 * 60)).toBe('36 hours');
    expect(durationText(15 * 60)).toBe('15 minutes');
    expect(durationText(90 * 60)).toBe('90 minutes');
    expect(durationText(61)).toBe('61 seconds');
    expect(durationText(1)).toBe('1 second');
  });
});
