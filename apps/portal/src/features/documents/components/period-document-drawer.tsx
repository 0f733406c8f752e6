import type { DocumentExport, DocumentKind, DocumentPeriod } from '@waratah/contracts';
import type { ButtonVariant } from '@waratah/ui';
import { type ReactNode, useState } from 'react';
import { earliestPassportDate } from '../../../lib/passport-periods.ts';
import { customPeriod, initialChoice, type PeriodChoice, periodRequest } from '../utils/export-periods.ts';
import { useDocumentSettings } from '../utils/use-document-settings.ts';
import { DocumentRequestDrawer } from './document-request-drawer.tsx';
import { PeriodFields } from './period-fields.tsx';

export interface PeriodDocumentDrawerProps {
  clientId: number;
  documentKind: DocumentKind;
  /** Which of the tenant's export option lists applies. */
  options: 'statements' | 'financialPassport';
  name: string;
  triggerLabel: string;
  triggerVariant?: ButtonVariant;
  title: string;
  description: string;
  create: (period: DocumentPeriod) => Promise<DocumentExport>;
  onCreated?: () => void;
  after?: (createdIds: ReadonlySet<string>) => ReactNode;
  /** The period to start from when the drawer opens, e.g. the one the page shows. */
  preferred?: (() => PeriodChoice | null) | undefined;
}

/** A document of one period of the tenant's options (or custom dates): insights, spreadsheet, passport. */
export function PeriodDocumentDrawer({
  options: kind,
  name,
  create,
  preferred,
  ...props
}: PeriodDocumentDrawerProps) {
  const settings = useDocumentSettings(kind);
  const [choice, setChoice] = useState<PeriodChoice>(() => initialChoice(settings.options));
  const [touched, setTouched] = useState(false);
  // The app config may arrive after the first render and take an option away.
  const offered =
    settings.options.some((option) => option.value === choice.period) ||
    (choice.period === customPeriod && settings.customDates);
  const current = offered ? choice : initialChoice(settings.options);
  return (
    <DocumentRequestDrawer
      {...props}
      requests={() => {
        const period = periodRequest(current);
        return period ? [{ name, create: () => create(period) }] : null;
      }}
      onInvalid={() => setTouched(true)}
      onOpen={() => {
        const start = preferred?.();
        if (start) setChoice(start);
      }}
    >
      <PeriodFields
        name={kind}
        options={settings.options}
        customDates={settings.customDates}
        value={current}
        onChange={setChoice}
        today={settings.today}
        // The passport reports less than ten years, as its page's picker allows (the platform
        // refuses a longer range: before 2026-12-03 the drawer let one be picked and showed the 400).
        {...(kind === 'financialPassport' && { minDate: earliestPassportDate(settings.today) })}
        touched={touched}
      />
    </DocumentRequestDrawer>
  );
}
