import { describe, expect, it } from 'vitest';
import { figurePageIds } from './list-figure-transactions.ts';

describe('figurePageIds', () => {
  const ids = [1, 2, 3, 4, 5, 6, 7];

  it('takes newest first from the end of the oldest-first list, the last page short', () => {
    expect(figurePageIds(ids, 1, 'desc', 3)).toEqual([7, 6, 5]);
    expect(figurePageIds(ids, 2, 'desc', 3)).toEqual([4, 3, 2]);
    expect(figurePageIds(ids, 3, 'desc', 3)).toEqual([1]);
  });

  it('takes oldest first from the start', () => {
    expect(figurePageIds(ids, 1, 'asc', 3)).toEqual([1, 2, 3]);
    expect(figurePageIds(ids, 3, 'asc', 3)).toEqual([7]);
  });

  it('gives nothing past the last page or for a figure without transactions', () => {
    expect(figurePageIds(ids, 4, 'desc', 3)).toEqual([]);
    expect(figurePageIds(ids, 4, 'asc', 3)).toEqual([]);
    expect(figurePageIds([], 1, 'desc')).toEqual([]);
  });
});
