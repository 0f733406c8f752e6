export { type BudgetCategory, budgetCategories, categoryColorFor } from './category-color-for.ts';
export { fontFaceRule, primaryFontFamily } from './font-face-rule.ts';
export { type LocalTenantUrl, localTenantUrls } from './local-tenant-urls.ts';
export {
  hostsOf,
  isLocalHost,
  type PageLocation,
  portalOriginOfApiHost,
  type ResolvedTenant,
  resolveApiHost,
  resolveIdentityHost,
  resolveTenant,
  type SignInServer,
  sharedCookieDomainOf,
  signInServerOf,
} from './resolve-tenant.ts';
export {
  type CategoryColors,
  type CategoryColorsOneOff,
  type CategoryColorsSnake,
  defaultTenantId,
  type EnvConfig,
  type Environment,
  type ExportOption,
  type ExportOptions,
  environments,
  type FusionAuthConfig,
  type LegalLinks,
  type TenantAssets,
  type TenantConfig,
  type TenantId,
  type TenantTheme,
  tenantIds,
} from './tenant-config.ts';
export { getTenant, isTenantId, tenants } from './tenants.ts';
export {
  type ThemeCssVariableName,
  themeCssVariableNames,
  themeCssVariables,
} from './theme-css-variables.ts';
