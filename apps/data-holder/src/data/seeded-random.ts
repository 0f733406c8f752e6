export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** Murmur3's finaliser: spreads every input bit over the 32 output bits. */
function finalise(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * 128 bits of a string, as four 32-bit words: four multiplicative lanes over the UTF-16 code
 * units, cross-mixed and finalised. Fast (no native call per value, which mattered: the ledger
 * hashes every day and every transaction) and identical on every platform; not cryptographic.
 */
function hashWords(text: string): [number, number, number, number] {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  let c = 0x2545f491;
  let d = 0x68e31da4;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x5bd1e995);
    c = Math.imul(c ^ unit, 0x27d4eb2d);
    d = Math.imul(d ^ unit, 0x165667b1);
  }
  a = finalise(a ^ Math.imul(d, 0x9e3779b1) ^ text.length);
  b = finalise(b ^ a);
  c = finalise(c ^ b);
  d = finalise(d ^ c);
  return [a, b, c, d];
}

/** A short, stable hex digest (up to 32 digits): ids and seeds must not change between runs or machines. */
export function stableHash(text: string, length = 16): string {
  if (length > 32) throw new Error('stableHash gives at most 32 hex digits');
  return hashWords(text)
    .map((word) => word.toString(16).padStart(8, '0'))
    .join('')
    .slice(0, length);
}

class Mulberry32 implements SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick() needs a non-empty list');
    return item;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/**
 * mulberry32 seeded from a hash of the seed text: fast, tiny and identical on every platform,
 * which is all a simulator needs (this is not cryptographic randomness).
 */
export function createSeededRandom(seed: string): SeededRandom {
  return new Mulberry32(hashWords(seed)[0]);
}
