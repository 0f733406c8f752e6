import type { TenantConfig } from '../tenant-config.ts';
import { standardExportOptions } from './standard-export-options.ts';

/** The internal labs tenant: password login, and no production environment (spec §1). */
export const waratahlabs: TenantConfig = {
  id: 'waratahlabs',
  name: 'Waratah Labs',
  theme: {
    colorPrimary: '#4c1d95',
    colorSecondary: '#4338ca',
    colorTertiary: '#ede9fe',
    fontFamily: "'Space Grotesk', system-ui, sans-serif",
    fontUrl: '/tenants/waratahlabs/fonts/space-grotesk-latin-wght-normal.woff2',
    colorLink: '#5b21b6',
    colorBody: '#1e1b2e',
    colorButtonPrimary: '#5b21b6',
    colorButtonPrimaryText: '#ffffff',
    colorButtonPrimaryFade: '#ddd6fe',
    colorButtonSecondary: '#4338ca',
    colorButtonSecondaryText: '#ffffff',
    colorButtonTertiary: '#ede9fe',
    colorButtonTertiaryText: '#4c1d95',
  },
  assets: {
    logoUrl: '/tenants/waratahlabs/logo.svg',
    logoReversedUrl: '/tenants/waratahlabs/logo-reversed.svg',
    logoSize: { width: 240, height: 48 },
    faviconUrl: '/tenants/waratahlabs/favicon.svg',
  },
  exportOptions: standardExportOptions,
  categoryColors: {
    income: '#0f8a6a',
    living: '#7c3aed',
    lifestyle: '#db5a8a',
    savings: '#2563eb',
    goals: '#b45309',
    oneOff: '#64748b',
  },
  analyticsTokens: { test: '', production: '' },
  envConfig: {
    sandbox: {
      oauth: { clientId: 'waratahlabs-adviser-portal-sandbox', domain: 'sandbox.waratahlabs.com.au' },
      api: {
        hostUrl: 'https://api.sandbox.waratahlabs.com.au',
        secondaryHostUrl: 'https://api2.sandbox.waratahlabs.com.au',
      },
      hostedDomain: 'portal.sandbox.waratahlabs.com.au',
      secondaryHostedDomain: 'advisers.sandbox.waratahlabs.com.au',
    },
    staging: {
      oauth: { clientId: 'waratahlabs-adviser-portal-staging', domain: 'staging.waratahlabs.com.au' },
      api: {
        hostUrl: 'https://api.staging.waratahlabs.com.au',
        secondaryHostUrl: 'https://api2.staging.waratahlabs.com.au',
      },
      hostedDomain: 'portal.staging.waratahlabs.com.au',
      secondaryHostedDomain: 'advisers.staging.waratahlabs.com.au',
    },
  },
};
