import { fontFaceRule, getTenant, isTenantId, type TenantId, themeCssVariables } from '@waratah/tenants';

/** Applies the tenant named in `?tenant=` (the default tenant otherwise) the way the portal does at start-up. */
export function applyTenantTheme(search: string, base: string): TenantId {
  const requested = new URLSearchParams(search).get('tenant') ?? '';
  const id: TenantId = isTenantId(requested) ? requested : 'waratah';
  const { theme, name, assets } = getTenant(id);
  for (const [variable, value] of Object.entries(themeCssVariables(theme))) {
    document.documentElement.style.setProperty(variable, value);
  }
  // Tenant files live under '/tenants/…'; the gallery is served below its own base path.
  const style = document.createElement('style');
  style.textContent = fontFaceRule({ ...theme, fontUrl: `${base}${theme.fontUrl.replace(/^\//, '')}` });
  const icon = document.createElement('link');
  icon.rel = 'icon';
  icon.href = `${base}${assets.faviconUrl.replace(/^\//, '')}`;
  document.head.append(icon, style);
  document.title = `Component gallery - ${name}`;
  return id;
}
