import type { FinancialPassport } from '@waratah/contracts';
import { AccordionContent, AccordionItem, AccordionTrigger, Tag } from '@waratah/ui';
import { useMemo } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { PassportFigure } from './passport-figure.tsx';
import { PassportSection } from './passport-section.tsx';
import { PassportSummary } from './passport-summary.tsx';

type TracedFigure = FinancialPassport['responsible_lending_indicators']['gambling'];

/** The affordability report of one period: every figure expands to the transactions behind it. */
export function PassportReport({ clientId, passport }: { clientId: number; passport: FinancialPassport }) {
  const { t } = useTranslation();
  const accountNames = useMemo(
    () => new Map(passport.accounts.map((account) => [account.id, account.name])),
    [passport.accounts],
  );
  const traced = (figure: TracedFigure) => ({
    total: figure.total,
    monthlyAverage: figure.monthly_average,
    transactionIds: figure.transaction_ids,
    clientId,
    accountNames,
  });
  const flags = passport.responsible_lending_indicators;
  const overdrawn = flags.overdrawn_days;
  const flagTag = (flagged: boolean) => (
    <Tag variant={flagged ? 'warning' : 'success'}>
      {t(flagged ? 'passport.flags.flagged' : 'passport.flags.clear')}
    </Tag>
  );

  return (
    <div className="flex flex-col gap-6">
      <PassportSummary summary={passport.summary} />
      <PassportSection
        title={t('passport.income.title')}
        empty={passport.income.breakdown.length === 0 ? t('passport.income.empty') : null}
      >
        {passport.income.breakdown.map((item) => (
          <PassportFigure
            key={item.source}
            value={`income-${item.source}`}
            title={item.source}
            detail={`${item.category.name} · ${t(`passport.regularity.${item.regularity}`)}`}
            {...traced(item)}
          />
        ))}
      </PassportSection>
      <PassportSection
        title={t('passport.expenses.title')}
        empty={passport.expenses.breakdown.length === 0 ? t('passport.expenses.empty') : null}
      >
        {passport.expenses.breakdown.map((item) => (
          <PassportFigure
            key={item.category.key}
            value={`expense-${item.category.key}`}
            title={item.category.name}
            {...traced(item)}
          />
        ))}
      </PassportSection>
      <PassportSection
        title={t('passport.liabilities.title')}
        empty={passport.liabilities.breakdown.length === 0 ? t('passport.liabilities.empty') : null}
      >
        {passport.liabilities.breakdown.map((item) => (
          <PassportFigure
            key={item.account_id}
            value={`liability-${item.account_id}`}
            title={item.name}
            detail={`${t('passport.liabilities.balance', { balance: formatMoney(item.balance) })} · ${t('passport.liabilities.repayments')}`}
            {...traced(item)}
          />
        ))}
      </PassportSection>
      <PassportSection title={t('passport.flags.title')} empty={null}>
        <PassportFigure
          value="flag-gambling"
          title={t('passport.flags.gambling')}
          detail={flagTag(flags.gambling.transaction_ids.length > 0)}
          {...traced(flags.gambling)}
        />
        <PassportFigure
          value="flag-bnpl"
          title={t('passport.flags.bnpl')}
          detail={flagTag(flags.bnpl.transaction_ids.length > 0)}
          {...traced(flags.bnpl)}
        />
        <PassportFigure
          value="flag-dishonours"
          title={t('passport.flags.dishonours')}
          detail={
            <span className="inline-flex items-center gap-2">
              {flagTag(flags.dishonours.count > 0)}
              {t('passport.flags.dishonourCount', { count: flags.dishonours.count })}
            </span>
          }
          total={flags.dishonours.total}
          transactionIds={flags.dishonours.transaction_ids}
          clientId={clientId}
          accountNames={accountNames}
        />
        <AccordionItem value="flag-overdrawn" data-testid="passport-figure">
          <AccordionTrigger className="py-3">
            <span className="flex flex-1 flex-wrap items-baseline justify-between gap-4">
              <span className="flex flex-col gap-0.5">
                <span>{t('passport.flags.overdrawnDays')}</span>
                <span className="font-normal text-sm">{flagTag(overdrawn.count > 0)}</span>
              </span>
              <span className="tabular-nums">
                {t('passport.flags.overdrawnCount', { count: overdrawn.count })}
              </span>
            </span>
          </AccordionTrigger>
          <AccordionContent>
            {overdrawn.by_account.length === 0 ? (
              <p className="text-muted-foreground">{t('passport.flags.none')}</p>
            ) : (
              <>
                <h4 className="mb-2 font-medium">{t('passport.overdrawnAccounts')}</h4>
                <ul className="flex flex-col gap-1">
                  {overdrawn.by_account.map((account) => (
                    <li key={account.account_id}>
                      {t('passport.overdrawnAccount', {
                        name: accountNames.get(account.account_id) ?? String(account.account_id),
                        days: t('passport.flags.overdrawnCount', { count: account.days }),
                      })}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </AccordionContent>
        </AccordionItem>
      </PassportSection>
    </div>
  );
}
