import type { ExportOption } from '@waratah/tenants';
import { DatePicker, Dropdown } from '@waratah/ui';
import { useTranslation } from '../../../lib/i18n.ts';
import { customPeriod, type PeriodChoice, periodOptions } from '../utils/export-periods.ts';

export interface PeriodFieldsProps {
  /** The tenant's export options for this document (spec §9). */
  options: readonly ExportOption[];
  /** The feature key that allows any dates is on. */
  customDates: boolean;
  value: PeriodChoice;
  onChange: (value: PeriodChoice) => void;
  /** Today in Sydney: no date after it. */
  today: string;
  /** The first day a custom range may start on, where the document bounds its length. */
  minDate?: string;
  /** Shows the custom range's error once the adviser has tried to create. */
  touched: boolean;
  name: string;
}

/** The period of a document: one of the tenant's options, or two dates from the kit's date picker. */
export function PeriodFields({
  options,
  customDates,
  value,
  onChange,
  today,
  minDate,
  touched,
  name,
}: PeriodFieldsProps) {
  const { t } = useTranslation();
  const custom = value.period === customPeriod;
  return (
    <div className="flex flex-col gap-4">
      <Dropdown
        label={t('documents.period')}
        name={`${name}-period`}
        options={periodOptions(options, customDates, t('documents.customDates'))}
        value={value.period || undefined}
        onValueChange={(period) => onChange({ period, from: '', to: '' })}
      />
      {custom ? (
        <DatePicker
          isRange
          name={`${name}-dates`}
          label={t('documents.customRange')}
          startLabel={t('documents.from')}
          endLabel={t('documents.to')}
          startPlaceholder={t('documents.datePlaceholder')}
          endPlaceholder={t('documents.datePlaceholder')}
          minDate={minDate}
          maxDate={today}
          required
          enableErrors
          touched={touched}
          rules={[
            (range) =>
              typeof range === 'object' && range.start && range.end && range.start <= range.end
                ? undefined
                : t('documents.customRangeRequired'),
          ]}
          value={{ start: value.from, end: value.to }}
          onValueChange={(range) => onChange({ period: customPeriod, from: range.start, to: range.end })}
        />
      ) : null}
    </div>
  );
}
