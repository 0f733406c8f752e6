import { categoryColorFor } from '@waratah/tenants';
import { useAppState } from '../../../lib/app-state.tsx';
import { centsToDecimal } from '../../../lib/cents.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { CategoryAmount } from '../utils/cash-flow.ts';

/** One month's budget categories as bars in the tenant's category colours (spec §3). */
export function BudgetCategoriesList({ categories }: { categories: readonly CategoryAmount[] }) {
  const { t } = useTranslation();
  const tenant = useAppState((state) => state.tenantConfig);
  const largest = Math.max(...categories.map((entry) => entry.cents));
  return (
    <ul className="flex flex-col gap-3">
      {categories.map((entry) => {
        const colour = categoryColorFor(tenant, entry.category);
        return (
          <li key={entry.category} className="flex flex-col gap-1" data-category={entry.category}>
            <div className="flex items-baseline justify-between gap-4 text-sm">
              <span className="flex items-center gap-2 font-medium">
                <span
                  aria-hidden="true"
                  className="inline-block size-3 rounded-full"
                  style={{ backgroundColor: colour }}
                  data-testid={`category-swatch-${entry.category}`}
                />
                {t(`overview.budget.categories.${entry.category}`)}
              </span>
              <span className="tabular-nums">
                {formatMoney(centsToDecimal(entry.cents))}{' '}
                <span className="text-muted-foreground">
                  {entry.income ? t('overview.budget.incomeLabel') : t('overview.budget.spendingLabel')}
                </span>
              </span>
            </div>
            <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <div
                className="h-full rounded-full"
                style={{ width: `${Math.max(2, (entry.cents / largest) * 100)}%`, backgroundColor: colour }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
