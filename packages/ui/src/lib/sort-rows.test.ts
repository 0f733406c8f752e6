import { describe, expect, it } from 'vitest';
import { sortRows } from './sort-rows.ts';

const rows = [
  { name: 'beta', amount: 10 },
  { name: 'Alpha', amount: 2 },
  { name: null, amount: 5 },
  { name: 'gamma 10', amount: 1 },
  { name: 'gamma 9', amount: 1 },
];

describe('sortRows', () => {
  it('orders text case-insensitively and numerically, empties last', () => {
    expect(sortRows(rows, 'name', 'asc').map((row) => row.name)).toEqual([
      'Alpha',
      'beta',
      'gamma 9',
      'gamma 10',
      null,
    ]);
    expect(sortRows(rows, 'name', 'desc').map((row) => row.name)).toEqual([
      'gamma 10',
      'gamma 9',
      'beta',
      'Alpha',
      null,
    ]);
  });

  it('orders numbers and leaves the input untouched', () => {
    expect(sortRows(rows, 'amount', 'desc').map((row) => row.amount)).toEqual([10, 5, 2, 1, 1]);
    expect(rows[0]?.name).toBe('beta');
  });
});
