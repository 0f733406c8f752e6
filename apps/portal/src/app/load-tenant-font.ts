import { primaryFontFamily, type TenantTheme } from '@waratah/tenants';

export interface LoadTenantFontOptions {
  theme: Pick<TenantTheme, 'fontFamily' | 'fontUrl'>;
  doc: Document;
  /** Start-up waits at most this long; a slower font swaps in when it arrives. */
  timeoutMs: number;
}

/**
 * Loads the tenant's font file before the first paint where it can, so the page does not
 * reflow from the fallback font. A failure is reported and never stops the portal.
 */
export async function loadTenantFont({ theme, doc, timeoutMs }: LoadTenantFontOptions): Promise<void> {
  if (typeof FontFace === 'undefined' || !doc.fonts) return;
  const face = new FontFace(primaryFontFamily(theme.fontFamily), `url("${theme.fontUrl}") format("woff2")`, {
    style: 'normal',
    // Each tenant font is a variable font; the browser clamps the range to the file's axis.
    weight: '100 1000',
    display: 'swap',
  });
  doc.fonts.add(face);
  const loading = face.load().catch((error: unknown) => {
    console.error(`The tenant font ${theme.fontUrl} could not be loaded`, error);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([loading, timeout]);
  clearTimeout(timer);
}
