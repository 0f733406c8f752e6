import { type TenantConfig, themeCssVariables } from '@waratah/tenants';

/**
 * Dresses the page in the tenant's brand: colours and font family as the CSS variables the UI
 * kit's tokens read, `data-tenant` for anything tenant-specific in CSS, and the favicon.
 */
export function applyTenantTheme(doc: Document, tenant: TenantConfig): void {
  const root = doc.documentElement;
  for (const [name, value] of Object.entries(themeCssVariables(tenant.theme))) {
    root.style.setProperty(name, value);
  }
  root.dataset.tenant = tenant.id;
  setFavicon(doc, tenant.assets.faviconUrl);
}

function setFavicon(doc: Document, href: string): void {
  const existing = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const icon = existing ?? doc.head.appendChild(doc.createElement('link'));
  icon.rel = 'icon';
  icon.href = href;
}
