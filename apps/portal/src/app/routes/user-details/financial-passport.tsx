import type { AppConfig } from '@waratah/contracts';
import type { ExportOption } from '@waratah/tenants';
import { prefetchClientPage } from '../../../features/client-details/api/prefetch-client-page.ts';
import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { PassportExports } from '../../../features/documents/components/passport-exports.tsx';
import { financialPassportQueryOptions } from '../../../features/financial-passport/api/get-financial-passport.ts';
import { FinancialPassportPage } from '../../../features/financial-passport/components/financial-passport-page.tsx';
import { useAppConfig } from '../../../lib/app-config/get-app-config.ts';
import { isFeatureEnabled } from '../../../lib/app-config/is-feature-enabled.ts';
import { useAppState } from '../../../lib/app-state.tsx';
import { offeredPeriods, readPassportPeriod, sydneyToday } from '../../../lib/passport-periods.ts';

/** The tenant's periods (spec §9) as the features allow them: 3-month with 3m_report, custom dates with generate_fp_custom_date. */
function passportChoices(appConfig: AppConfig | null | undefined, options: readonly ExportOption[]) {
  return {
    periods: offeredPeriods(options, { threeMonthReport: isFeatureEnabled(appConfig, '3m_report') }),
    customDates: isFeatureEnabled(appConfig, 'generate_fp_custom_date'),
  };
}

/** Spec §2 'Financial Passport' in the client frame, with the tenant's periods. */
export default function UserFinancialPassportRoute() {
  const clientId = useClientId();
  const { data: appConfig } = useAppConfig();
  const options = useAppState((state) => state.tenantConfig.exportOptions.financialPassport);
  if (clientId === null) return null;
  const { periods, customDates } = passportChoices(appConfig, options);
  return (
    <FinancialPassportPage
      clientId={clientId}
      periods={periods}
      customDates={customDates}
      exportAction={(range) => <PassportExports clientId={clientId} range={range} />}
    />
  );
}

/**
 * The report of the period the URL names. The periods offered hang on the app config's features,
 * so without the config (not come yet, or failed) the page asks for itself: a report is a heavy
 * request, never asked for a period the page would not show.
 */
export const prefetch = prefetchClientPage(({ queryClient, apiClient, appStore, search }, clientId) => {
  const { appConfig, tenantConfig } = appStore.getState();
  if (!appConfig) return;
  const choices = passportChoices(appConfig, tenantConfig.exportOptions.financialPassport);
  const { range } = readPassportPeriod(search, { ...choices, today: sydneyToday(new Date()) });
  if (range) void queryClient.prefetchQuery(financialPassportQueryOptions(apiClient, clientId, range));
});
