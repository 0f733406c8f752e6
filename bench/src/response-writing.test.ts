import { describe, expect, it } from 'vitest';
import { runResponseWritingBenchmarks } from './response-writing.ts';

describe('runResponseWritingBenchmarks', () => {
  it('times both list pages three ways, once it has checked that both writers write the same answer', () => {
    const figures = runResponseWritingBenchmarks({ runs: 1, calls: 8 });
    expect(figures.map((figure) => figure.name)).toEqual([
      'GET transactions (page of 100)',
      'GET adviser client list (page of 100)',
    ]);
    for (const figure of figures) {
      expect(figure.bytes).toBeGreaterThan(1_000);
      for (const micros of [figure.checkedMicros, figure.compiledMicros, figure.stringifyMicros])
        expect(micros).toBeGreaterThan(0);
    }
  });
});
