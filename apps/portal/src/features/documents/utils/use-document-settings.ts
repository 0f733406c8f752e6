import type { FeatureKey } from '@waratah/contracts';
import type { ExportOption } from '@waratah/tenants';
import { useState } from 'react';
import { useAppConfig } from '../../../lib/app-config/get-app-config.ts';
import { isFeatureEnabled } from '../../../lib/app-config/is-feature-enabled.ts';
import { useAppState } from '../../../lib/app-state.tsx';
import { offeredPeriods, sydneyToday } from '../../../lib/passport-periods.ts';

export interface DocumentSettings {
  /** The tenant's periods for this document (spec §9), cut to the enabled features. */
  options: readonly ExportOption[];
  customDates: boolean;
  /** Today in Sydney, fixed while the page is open. */
  today: string;
}

const customDateFeature: Record<'statements' | 'financialPassport', FeatureKey> = {
  statements: 'generate_bank_statement_custom_date',
  financialPassport: 'generate_fp_custom_date',
};

/**
 * The statement options serve the statement, insights and spreadsheet; the passport's own options
 * serve its exports, the 3-month report only with 3m_report.
 */
export function useDocumentSettings(kind: 'statements' | 'financialPassport'): DocumentSettings {
  const exportOptions = useAppState((state) => state.tenantConfig.exportOptions);
  const { data: appConfig } = useAppConfig();
  const [today] = useState(() => sydneyToday(new Date()));
  const options =
    kind === 'financialPassport'
      ? offeredPeriods(exportOptions.financialPassport, {
          threeMonthReport: isFeatureEnabled(appConfig, '3m_report'),
        })
      : exportOptions.statements;
  return { options, customDates: isFeatureEnabled(appConfig, customDateFeature[kind]), today };
}
