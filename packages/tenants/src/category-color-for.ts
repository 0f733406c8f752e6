import type { TenantConfig } from './tenant-config.ts';

/** Budget categories of spec §3, plus savings, which also has a category colour. */
export const budgetCategories = ['income', 'living', 'lifestyle', 'goals', 'one_off', 'savings'] as const;
export type BudgetCategory = (typeof budgetCategories)[number];

/** Reads the one-off colour under the tenant's own spelling (`oneOff` or `one_off`, spec §3). */
export function categoryColorFor(
  tenant: Pick<TenantConfig, 'categoryColors'>,
  budgetCategory: BudgetCategory,
): string {
  const colors = tenant.categoryColors;
  if (budgetCategory !== 'one_off') return colors[budgetCategory];
  return 'oneOff' in colors ? colors.oneOff : colors.one_off;
}
