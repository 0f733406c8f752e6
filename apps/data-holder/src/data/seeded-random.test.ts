import { describe, expect, it } from 'vitest';
import { createSeededRandom, stableHash } from './seeded-random.ts';

describe('createSeededRandom', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const draw = (seed: string) => {
      const random = createSeededRandom(seed);
      return Array.from({ length: 5 }, () => random.int(0, 1000));
    };
    expect(draw('harbour-bank:amelia')).toEqual(draw('harbour-bank:amelia'));
    expect(draw('harbour-bank:amelia')).not.toEqual(draw('harbour-bank:james'));
  });

  it('keeps int() within its inclusive bounds', () => {
    const random = createSeededRandom('bounds');
    const values = new Set(Array.from({ length: 500 }, () => random.int(3, 5)));
    expect([...values].sort()).toEqual([3, 4, 5]);
  });

  it('hashes stably', () => {
    expect(stableHash('x')).toBe(stableHash('x'));
    expect(stableHash('x')).toHaveLength(16);
  });
});
