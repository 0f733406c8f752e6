import type { TenantConfig } from '../tenant-config.ts';

/** The money-partner tenant: password login, its own export periods and chart colours (spec §9). */
export const moneypartner: TenantConfig = {
  id: 'moneypartner',
  name: 'MoneyPartner',
  theme: {
    colorPrimary: '#1a6b40',
    colorSecondary: '#f28c28',
    colorTertiary: '#fff4e8',
    fontFamily: "'Nunito Sans', system-ui, sans-serif",
    fontUrl: '/tenants/moneypartner/fonts/nunito-sans-latin-wght-normal.woff2',
    colorLink: '#1a6b40',
    colorBody: '#1c2a22',
    colorButtonPrimary: '#1a6b40',
    colorButtonPrimaryText: '#ffffff',
    colorButtonPrimaryFade: '#cde8d8',
    // Orange is too light for white text (2.4:1), so the label is near-black.
    colorButtonSecondary: '#f28c28',
    colorButtonSecondaryText: '#1f1300',
    colorButtonTertiary: '#fff4e8',
    colorButtonTertiaryText: '#8a4a0b',
  },
  assets: {
    logoUrl: '/tenants/moneypartner/logo.svg',
    logoReversedUrl: '/tenants/moneypartner/logo-reversed.svg',
    logoSize: { width: 240, height: 48 },
    faviconUrl: '/tenants/moneypartner/favicon.svg',
  },
  chartColors: ['#2e9e5b', '#f28c28', 'rgba(242, 140, 40, 0.35)'],
  legal: {
    privacyLink: 'https://www.moneypartner.com.au/privacy-policy',
    termsLink: 'https://www.moneypartner.com.au/terms-of-service',
  },
  // Labels keep the spec's lower case exactly.
  exportOptions: {
    financialPassport: [
      { label: 'past 3 months', value: 'three-months' },
      { label: 'past 6 months', value: 'six-months' },
      { label: 'past year', value: 'year' },
      { label: 'financial year 24/25', value: 'fin-year' },
    ],
    statements: [
      { label: 'past week', value: 'week' },
      { label: 'past fortnight', value: 'fortnight' },
      { label: 'past month', value: 'month' },
      { label: 'past 3 months', value: 'three-months' },
      { label: 'past 6 months', value: 'six-months' },
      { label: 'past year', value: 'year' },
      { label: 'financial year 24/25', value: 'fin-year' },
    ],
  },
  categoryColors: {
    income: '#2e9e5b',
    living: '#f28c28',
    lifestyle: '#f6b26b',
    savings: '#1a6b40',
    goals: '#3b82f6',
    one_off: '#a16207',
  },
  analyticsTokens: { test: '', production: '' },
  envConfig: {
    sandbox: {
      oauth: { clientId: 'moneypartner-adviser-portal-sandbox', domain: 'sandbox.moneypartner.com.au' },
      api: {
        hostUrl: 'https://api.sandbox.moneypartner.com.au',
        secondaryHostUrl: 'https://api2.sandbox.moneypartner.com.au',
      },
      hostedDomain: 'portal.sandbox.moneypartner.com.au',
      secondaryHostedDomain: 'advisers.sandbox.moneypartner.com.au',
    },
    staging: {
      oauth: { clientId: 'moneypartner-adviser-portal-staging', domain: 'staging.moneypartner.com.au' },
      api: {
        hostUrl: 'https://api.staging.moneypartner.com.au',
        secondaryHostUrl: 'https://api2.staging.moneypartner.com.au',
      },
      hostedDomain: 'portal.staging.moneypartner.com.au',
      secondaryHostedDomain: 'advisers.staging.moneypartner.com.au',
    },
    production: {
      oauth: { clientId: 'moneypartner-adviser-portal', domain: 'moneypartner.com.au' },
      api: {
        hostUrl: 'https://api.moneypartner.com.au',
        secondaryHostUrl: 'https://api2.moneypartner.com.au',
      },
      hostedDomain: 'portal.moneypartner.com.au',
      secondaryHostedDomain: 'advisers.moneypartner.com.au',
    },
  },
};
