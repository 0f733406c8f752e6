import type { FinancialPassport } from '@waratah/contracts';
import { formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The report's headline figures. */
export function PassportSummary({ summary }: { summary: FinancialPassport['summary'] }) {
  const { t } = useTranslation();
  const { totals } = summary;
  const figures = [
    [t('passport.summary.income'), formatMoney(totals.income)],
    [t('passport.summary.expenses'), formatMoney(totals.expenses)],
    [t('passport.summary.net'), formatMoney(totals.net_balance)],
    [
      t('passport.summary.savingsRate'),
      summary.savings_rate === null
        ? t('passport.summary.noSavingsRate')
        : t('passport.summary.savingsRateValue', { rate: summary.savings_rate }),
    ],
    [t('passport.summary.assets'), formatMoney(totals.assets)],
    [t('passport.summary.liabilities'), formatMoney(totals.liabilities)],
  ] as const;
  return (
    <section aria-labelledby="passport-summary-heading" className="flex flex-col gap-3">
      <h3 id="passport-summary-heading" className="sr-only">
        {t('passport.summary.title')}
      </h3>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {figures.map(([term, value]) => (
          <div
            key={term}
            className="flex flex-col gap-1 rounded-xl border border-border bg-surface px-4 py-3"
          >
            <dt className="text-muted-foreground text-sm">{term}</dt>
            <dd className="font-semibold text-body text-xl tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
