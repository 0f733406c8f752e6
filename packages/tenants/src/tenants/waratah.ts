import type { TenantConfig } from '../tenant-config.ts';
import { standardExportOptions } from './standard-export-options.ts';

/** The default tenant: single sign-on through FusionAuth in every environment (spec §9). */
export const waratah: TenantConfig = {
  id: 'waratah',
  name: 'Waratah',
  theme: {
    colorPrimary: '#a4133c',
    colorSecondary: '#3d6b5a',
    colorTertiary: '#fdf2f4',
    fontFamily: "'Public Sans', system-ui, sans-serif",
    fontUrl: '/tenants/waratah/fonts/public-sans-latin-wght-normal.woff2',
    colorLink: '#8a1032',
    colorBody: '#1f2933',
    colorButtonPrimary: '#a4133c',
    colorButtonPrimaryText: '#ffffff',
    colorButtonPrimaryFade: '#f3c6d2',
    colorButtonSecondary: '#3d6b5a',
    colorButtonSecondaryText: '#ffffff',
    colorButtonTertiary: '#fdf2f4',
    colorButtonTertiaryText: '#8a1032',
  },
  assets: {
    logoUrl: '/tenants/waratah/logo.svg',
    logoReversedUrl: '/tenants/waratah/logo-reversed.svg',
    logoSize: { width: 200, height: 48 },
    faviconUrl: '/tenants/waratah/favicon.svg',
  },
  legal: {
    privacyLink: 'https://www.waratah.com.au/privacy',
    termsLink: 'https://www.waratah.com.au/terms',
  },
  exportOptions: standardExportOptions,
  categoryColors: {
    income: '#3d7a5f',
    living: '#a4133c',
    lifestyle: '#e07a3f',
    savings: '#2b6cb0',
    goals: '#7b4fa0',
    oneOff: '#c59a1c',
  },
  analyticsTokens: { test: '', production: '' },
  envConfig: {
    sandbox: {
      oauth: { clientId: 'waratah-adviser-portal-sandbox', domain: 'waratah-sandbox.com.au' },
      api: {
        hostUrl: 'https://api.waratah-sandbox.com.au',
        secondaryHostUrl: 'https://api2.waratah-sandbox.com.au',
      },
      hostedDomain: 'portal.waratah-sandbox.com.au',
      secondaryHostedDomain: 'advisers.waratah-sandbox.com.au',
      cookieDomain: 'waratah-sandbox.com.au',
      fusionAuth: {
        enabled: true,
        clientId: 'a54534a0-3f18-41ef-8c8e-ac9c296c117c',
        tenantId: '2c58d256-5b34-4af9-8e0c-169993e2790a',
        serverUrl: 'https://auth.waratah-sandbox.com.au',
      },
    },
    staging: {
      oauth: { clientId: 'waratah-adviser-portal-staging', domain: 'waratah-staging.com.au' },
      api: {
        hostUrl: 'https://api.waratah-staging.com.au',
        secondaryHostUrl: 'https://api2.waratah-staging.com.au',
      },
      hostedDomain: 'portal.waratah-staging.com.au',
      secondaryHostedDomain: 'advisers.waratah-staging.com.au',
      cookieDomain: 'waratah-staging.com.au',
      fusionAuth: {
        enabled: true,
        clientId: '614317f2-5507-4db9-8f2f-a2bfc839b755',
        tenantId: 'c86ea9df-cb51-44b2-bade-72a660b85444',
        serverUrl: 'https://auth.waratah-staging.com.au',
      },
    },
    production: {
      oauth: { clientId: 'waratah-adviser-portal', domain: 'waratah.com.au' },
      api: { hostUrl: 'https://api.waratah.com.au', secondaryHostUrl: 'https://api2.waratah.com.au' },
      hostedDomain: 'portal.waratah.com.au',
      secondaryHostedDomain: 'advisers.waratah.com.au',
      cookieDomain: 'waratah.com.au',
      fusionAuth: {
        enabled: true,
        clientId: '5cc2641a-0f98-486d-91b8-2616d6e01e4b',
        tenantId: '4913df38-c9ab-40c4-8059-17ee981a770a',
        serverUrl: 'https://auth.waratah.com.au',
      },
    },
  },
};
