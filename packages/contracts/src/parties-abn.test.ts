import { describe, expect, it } from 'vitest';
import { isValidAbn } from './parties-abn.ts';

describe('isValidAbn', () => {
  it.each(['51 824 753 556', '53004085616', '33 102 417 032'])('accepts %s', (abn) => {
    expect(isValidAbn(abn)).toBe(true);
  });

  it.each(['51 824 753 557', '12345678901', '5182475355', 'ABN51824753556', ''])('refuses %s', (abn) => {
    expect(isValidAbn(abn)).toBe(false);
  });
});
