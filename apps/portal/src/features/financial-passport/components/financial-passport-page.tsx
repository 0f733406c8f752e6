import type { ExportOption } from '@waratah/tenants';
import { Card, CardContent, DatePicker, Dropdown, LoadingStatus, Skeleton } from '@waratah/ui';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ClientDataError } from '../../../lib/client-pages/client-data-error.tsx';
import { dataToShow } from '../../../lib/client-pages/data-to-show.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  customPeriod,
  type DateRange,
  earliestPassportDate,
  readPassportPeriod,
  sydneyToday,
} from '../../../lib/passport-periods.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import { useFinancialPassport } from '../api/get-financial-passport.ts';
import { PassportReport } from './passport-report.tsx';

export interface FinancialPassportPageProps {
  clientId: number;
  /** The tenant's periods the adviser may choose (spec §9), already cut to the enabled features. */
  periods: readonly ExportOption[];
  /** Feature generate_fp_custom_date: any start and end date. */
  customDates: boolean;
  /** The header's place for exporting the report of the chosen period (the documents area fills it). */
  exportAction?: (range: DateRange | null) => ReactNode;
}

/** 'Financial Passport' (spec §2): the affordability report of a chosen period; the period stays in the URL. */
export function FinancialPassportPage({
  clientId,
  periods,
  customDates,
  exportAction,
}: FinancialPassportPageProps) {
  const { t } = useTranslation();
  const [today] = useState(() => sydneyToday(new Date()));
  const [searchParams, setSearchParams] = useSearchParams();
  const options = [
    ...periods.map(({ label, value }) => ({ label, value })),
    ...(customDates ? [{ label: t('passport.customDates'), value: customPeriod }] : []),
  ];
  const { period, custom, range } = readPassportPeriod(searchParams, { periods, customDates, today });
  const passport = useFinancialPassport(clientId, range);
  // A failed background refetch keeps the report on screen; the error shows only when there is none
  // to show (a failed first load) or the client is now out of reach.
  const shownPassport = dataToShow(passport);

  function update(patch: Record<string, string | null>) {
    setSearchParams(
      (params) => {
        for (const [key, value] of Object.entries(patch)) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        return params;
      },
      { replace: true },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex max-w-2xl flex-col gap-1">
          <h2 className="font-semibold text-2xl tracking-tight">{t('passport.title')}</h2>
          <p className="text-muted-foreground">{t('passport.intro')}</p>
        </div>
        <div data-slot="passport-export-action" className="flex items-center gap-2">
          {exportAction?.(range)}
        </div>
      </div>
      <Card className="py-5">
        <CardContent className="flex flex-wrap items-end gap-4">
          <Dropdown
            label={t('passport.period')}
            name="period"
            className="w-64"
            value={period || undefined}
            options={options}
            onValueChange={(value) => update({ period: value, from: null, to: null })}
          />
          {period === customPeriod ? (
            <DatePicker
              isRange
              name="passport-dates"
              label={t('passport.customRange')}
              startLabel={t('passport.from')}
              endLabel={t('passport.to')}
              startPlaceholder={t('passport.datePlaceholder')}
              endPlaceholder={t('passport.datePlaceholder')}
              // The platform reports less than `maxPassportYears` (before 2026-12-03 the picker let
              // an older start be picked, and the page then offered a retry that could never pass).
              minDate={earliestPassportDate(today)}
              maxDate={today}
              value={custom}
              onValueChange={(value) => update({ from: value.start || null, to: value.end || null })}
            />
          ) : null}
          <p className="pb-2 text-muted-foreground text-sm" aria-live="polite">
            {range
              ? t('passport.covering', { from: formatDate(range.from), to: formatDate(range.to) })
              : t('passport.customRangeHint')}
          </p>
        </CardContent>
      </Card>
      {range === null ? null : passport.isPending ? (
        <LoadingStatus className="flex flex-col gap-4" label={t('passport.loading')}>
          <Skeleton className="h-24 w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-2xl" />
          <Skeleton className="h-48 w-full rounded-2xl" />
        </LoadingStatus>
      ) : shownPassport === undefined ? (
        <ClientDataError error={passport.error}>
          {/* Held until a busy platform's Retry-After has passed (since 2026-12-03). */}
          <RetryAlert
            retryLabel={t('passport.retry')}
            onRetry={() => void passport.refetch()}
            errors={[passport.error]}
          >
            {t('passport.loadError')}
          </RetryAlert>
        </ClientDataError>
      ) : (
        <div
          aria-busy={passport.isFetching}
          className={passport.isPlaceholderData ? 'opacity-60' : undefined}
        >
          <PassportReport clientId={clientId} passport={shownPassport} />
        </div>
      )}
    </div>
  );
}
