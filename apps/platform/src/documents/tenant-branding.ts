import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getTenant, type TenantId } from '@waratah/tenants';
import { pdfFontFromWoff2 } from './woff2-to-ttf.ts';

/** What a document carries of its tenant: name, colours, embedded font and logo (DESIGN §2). */
export interface TenantBranding {
  tenantId: TenantId;
  name: string;
  colorPrimary: string;
  colorSecondary: string;
  colorBody: string;
  /**
   * The tenant's own font (its WOFF2 file as a static TrueType font at weight 400, every glyph a
   * plain outline: `pdfFontFromWoff2`), embedded and subset by the PDF writer.
   */
  font: Buffer;
  /** The tenant's logo (SVG source), drawn as vectors. */
  logoSvg: string;
}

// The tenants package serves its fonts and logos from here (`/tenants/<id>/…` on the portal).
const publicDir = fileURLToPath(new URL('../../../../packages/tenants/public', import.meta.url));
const cache = new Map<TenantId, Promise<TenantBranding>>();

export function tenantBranding(tenantId: TenantId): Promise<TenantBranding> {
  let branding = cache.get(tenantId);
  if (!branding) {
    branding = load(tenantId);
    branding.catch(() => cache.delete(tenantId));
    cache.set(tenantId, branding);
  }
  return branding;
}

async function load(tenantId: TenantId): Promise<TenantBranding> {
  const tenant = getTenant(tenantId);
  const [woff2, logoSvg] = await Promise.all([
    readFile(`${publicDir}${tenant.theme.fontUrl}`),
    readFile(`${publicDir}${tenant.assets.logoUrl}`, 'utf8'),
  ]);
  return {
    tenantId,
    name: tenant.name,
    colorPrimary: tenant.theme.colorPrimary,
    colorSecondary: tenant.theme.colorSecondary,
    colorBody: tenant.theme.colorBody,
    font: pdfFontFromWoff2(woff2),
    logoSvg,
  };
}
