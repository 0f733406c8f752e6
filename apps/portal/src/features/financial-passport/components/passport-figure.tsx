import { AccordionContent, AccordionItem, AccordionTrigger } from '@waratah/ui';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { PassportTransactionsTable } from './passport-transactions-table.tsx';

export interface PassportFigureProps {
  /** Unique within its accordion. */
  value: string;
  title: string;
  detail?: ReactNode;
  total: string;
  monthlyAverage?: string;
  /** The transactions the figure was summed from, oldest first, as the report names them. */
  transactionIds: readonly number[];
  clientId: number;
  accountNames: ReadonlyMap<number, string>;
}

/**
 * One figure of the report; expanding it lists the transactions it came from (read from the
 * platform only then: the accordion mounts a figure's table when it opens).
 */
export function PassportFigure({
  value,
  title,
  detail,
  total,
  monthlyAverage,
  transactionIds,
  clientId,
  accountNames,
}: PassportFigureProps) {
  const { t } = useTranslation();
  return (
    <AccordionItem value={value} data-testid="passport-figure">
      <AccordionTrigger className="py-3">
        <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <span className="flex flex-col gap-0.5">
            <span>{title}</span>
            {detail ? <span className="font-normal text-muted-foreground text-sm">{detail}</span> : null}
          </span>
          <span className="flex flex-col items-end gap-0.5">
            <span className="tabular-nums">{formatMoney(total)}</span>
            <span className="font-normal text-muted-foreground text-sm">
              {monthlyAverage
                ? `${t('passport.figure.monthlyAverage', { amount: formatMoney(monthlyAverage) })} · `
                : ''}
              {t('passport.figure.transactions', { count: transactionIds.length })}
            </span>
          </span>
        </span>
      </AccordionTrigger>
      <AccordionContent>
        <PassportTransactionsTable
          clientId={clientId}
          figure={title}
          transactionIds={transactionIds}
          accountNames={accountNames}
        />
      </AccordionContent>
    </AccordionItem>
  );
}
