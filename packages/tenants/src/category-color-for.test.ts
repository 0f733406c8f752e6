import { describe, expect, it } from 'vitest';
import { type BudgetCategory, categoryColorFor } from './category-color-for.ts';
import type { TenantId } from './tenant-config.ts';
import { tenants } from './tenants.ts';

describe('categoryColorFor', () => {
  it.each<[TenantId, BudgetCategory, string]>([
    ['waratah', 'one_off', '#c59a1c'],
    ['waratah', 'income', '#3d7a5f'],
    ['moneypartner', 'one_off', '#a16207'],
    ['moneypartner', 'living', '#f28c28'],
    ['waratahlabs', 'one_off', '#64748b'],
    ['waratahlabs', 'savings', '#2563eb'],
  ])('%s %s → %s', (id, category, expected) => {
    expect(categoryColorFor(tenants[id], category)).toBe(expected);
  });

  it.each(Object.keys(tenants) as TenantId[])('%s has a colour for every budget category', (id) => {
    for (const category of ['income', 'living', 'lifestyle', 'goals', 'one_off', 'savings'] as const) {
      expect(categoryColorFor(tenants[id], category)).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
