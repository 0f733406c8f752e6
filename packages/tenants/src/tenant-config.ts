/** The three tenants of the product (spec §1). */
export const tenantIds = ['waratah', 'moneypartner', 'waratahlabs'] as const;
export type TenantId = (typeof tenantIds)[number];

/** The default tenant: any host that names no other tenant gets it. */
export const defaultTenantId: TenantId = 'waratah';

export const environments = ['sandbox', 'staging', 'production'] as const;
export type Environment = (typeof environments)[number];

/** Theme of spec §3; every colour is a CSS colour string. */
export interface TenantTheme {
  colorPrimary: string;
  colorSecondary: string;
  colorTertiary: string;
  fontFamily: string;
  /** A local font file served by the portal itself (works offline). */
  fontUrl: string;
  colorLink: string;
  colorBody: string;
  colorButtonPrimary: string;
  colorButtonPrimaryText: string;
  colorButtonPrimaryFade: string;
  colorButtonSecondary: string;
  colorButtonSecondaryText: string;
  colorButtonTertiary: string;
  colorButtonTertiaryText: string;
}

export interface TenantAssets {
  logoUrl: string;
  logoReversedUrl: string;
  /**
   * The logos' intrinsic size (both logos share it), for the `<img>` width and height attributes:
   * the browser keeps the logo's box before the file arrives, so nothing moves when it does.
   */
  logoSize: { width: number; height: number };
  faviconUrl: string;
}

export interface ExportOption {
  label: string;
  value: string;
}

export interface ExportOptions {
  financialPassport: ExportOption[];
  statements: ExportOption[];
}

export interface LegalLinks {
  privacyLink?: string;
  termsLink?: string;
}

/**
 * Category colours (spec §3). The default tenant spells the last key `oneOff`, the
 * money-partner tenant `one_off`; the types keep each spelling where it belongs.
 */
interface CategoryColorsBase {
  lifestyle: string;
  living: string;
  income: string;
  savings: string;
  goals: string;
}
export type CategoryColorsOneOff = CategoryColorsBase & { oneOff: string };
export type CategoryColorsSnake = CategoryColorsBase & { one_off: string };
export type CategoryColors = CategoryColorsOneOff | CategoryColorsSnake;

export interface FusionAuthConfig {
  enabled: boolean;
  clientId: string;
  tenantId: string;
  serverUrl: string;
}

export interface EnvConfig {
  oauth: { clientId: string; domain: string };
  api: { hostUrl: string; secondaryHostUrl: string };
  hostedDomain: string;
  secondaryHostedDomain: string;
  appcuesId?: string;
  fusionAuth?: FusionAuthConfig;
  /**
   * With single sign-on: the parent domain of the environment's portal, API and sign-in hosts (e.g.
   * `waratah.com.au` over `portal.`, `api.` and `auth.`), on which the session's cookies are set so
   * that each of those hosts gets them: `app.at` from the sign-in host to the API, `app.at_exp` and
   * the API's `XSRF-TOKEN` to the portal's scripts (`sharedCookieDomainOf`).
   */
  cookieDomain?: string;
}

export interface TenantConfig {
  id: TenantId;
  /** Display name, used in titles: '{page title} - {name} Adviser Portal'. */
  name: string;
  theme: TenantTheme;
  assets: TenantAssets;
  /** Chart series colours, only where a tenant sets its own (moneypartner). */
  chartColors?: string[];
  legal?: LegalLinks;
  exportOptions: ExportOptions;
  categoryColors: CategoryColors;
  analyticsTokens: { test: string; production: string };
  envConfig: Partial<Record<Environment, EnvConfig>>;
}
