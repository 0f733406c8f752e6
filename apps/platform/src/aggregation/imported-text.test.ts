import { describe, expect, it } from 'vitest';
import { cutText, importedText, maxImportedTextLength } from './imported-text.ts';

describe('cutText', () => {
  it('keeps a text that fits and cuts a longer one to the most', () => {
    expect(cutText('coffee', 6)).toBe('coffee');
    expect(cutText('coffee', 3)).toBe('cof');
  });

  it('never cuts through a surrogate pair', () => {
    // '☕' is one code unit; '🥐' is two (a surrogate pair).
    expect(cutText('ab🥐c', 3)).toBe('ab');
    expect(cutText('ab🥐c', 4)).toBe('ab🥐');
  });
});

describe('importedText', () => {
  it('stores up to 1,000 characters whole, and a longer text as its first 999 and "…"', () => {
    expect(maxImportedTextLength).toBe(1_000);
    const fits = 'x'.repeat(1_000);
    expect(importedText(fits)).toBe(fits);
    const long = `${'y'.repeat(998)}🥐${'z'.repeat(5_000)}`;
    // The 999th code unit is the pair's first half: the cut leaves the pair out whole.
    expect(importedText(long)).toBe(`${'y'.repeat(998)}…`);
    expect(importedText('w'.repeat(5_000))).toBe(`${'w'.repeat(999)}…`);
  });
});
