import { describe, expect, it } from 'vitest';
import { pageCount } from './page-count.ts';

describe('pageCount', () => {
  it.each([
    [0, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 20, 5],
    [5, 0, 1],
  ])('%i rows of %i per page make %i pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});
