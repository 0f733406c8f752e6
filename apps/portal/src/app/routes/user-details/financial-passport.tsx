import { useAppConfig } from '../../../features/app-config/api/get-app-config.ts';
import { isFeatureEnabled } from '../../../features/app-config/utils/is-feature-enabled.ts';
import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { PassportExports } from '../../../features/documents/components/passport-exports.tsx';
import { FinancialPassportPage } from '../../../features/financial-passport/components/financial-passport-page.tsx';
import { offeredPeriods } from '../../../features/financial-passport/utils/passport-periods.ts';
import { useAppState } from '../../../lib/app-state.tsx';

/**
 * Spec §2 'Financial Passport' in the client frame, with the tenant's periods (spec §9): the
 * 3-month report with feature 3m_report, custom dates with generate_fp_custom_date.
 */
export default function UserFinancialPassportRoute() {
  const clientId = useClientId();
  const { data: appConfig } = useAppConfig();
  const options = useAppState((state) => state.tenantConfig.exportOptions.financialPassport);
  if (clientId === null) return null;
  return (
    <FinancialPassportPage
      clientId={clientId}
      periods={offeredPeriods(options, { threeMonthReport: isFeatureEnabled(appConfig, '3m_report') })}
      customDates={isFeatureEnabled(appConfig, 'generate_fp_custom_date')}
      exportAction={(range) => <PassportExports clientId={clientId} range={range} />}
    />
  );
}
