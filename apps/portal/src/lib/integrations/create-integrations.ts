import type { EnvConfig, Environment, TenantConfig } from '@waratah/tenants';
import { type Analytics, createAnalytics } from './analytics.ts';
import { createErrorReporter, type ErrorReporter } from './error-reporting.ts';
import { createGuidance, type Guidance } from './guidance.ts';
import { loadScript } from './load-script.ts';

export interface Integrations {
  analytics: Analytics;
  errorReporter: ErrorReporter;
  guidance: Guidance;
}

export interface CreateIntegrationsOptions {
  tenantConfig: TenantConfig;
  environment: Environment;
  envConfig: EnvConfig;
  errorReportingDsn: string | undefined;
  loadScript?: typeof loadScript;
}

/** The optional outside services (DESIGN §4): each one off unless the tenant or the build configures it. */
export function createIntegrations({
  tenantConfig,
  environment,
  envConfig,
  errorReportingDsn,
  loadScript: load = loadScript,
}: CreateIntegrationsOptions): Integrations {
  const errorReporter = createErrorReporter({
    dsn: errorReportingDsn,
    tenant: tenantConfig.id,
    environment,
    loadScript: load,
  });
  const token =
    environment === 'production'
      ? tenantConfig.analyticsTokens.production
      : tenantConfig.analyticsTokens.test;
  return {
    errorReporter,
    analytics: createAnalytics({ token, reporter: errorReporter, loadScript: load }),
    guidance: createGuidance({ appcuesId: envConfig.appcuesId, reporter: errorReporter, loadScript: load }),
  };
}
