export interface PreloadTenantLogosOptions {
  urls: readonly string[];
  doc: Document;
  /** Start-up waits at most this long; a slower logo still appears when it arrives. */
  timeoutMs: number;
}

/**
 * Fetches and decodes the tenant's logos before the first render, so that a layout's logo has its
 * size at once and the page does not shift when it arrives (Lighthouse: layout shift, unsized
 * image; the logos' sizes differ between tenants). A failure never stops the portal.
 */
export async function preloadTenantLogos({ urls, doc, timeoutMs }: PreloadTenantLogosOptions): Promise<void> {
  const view = doc.defaultView;
  if (!view || typeof view.Image === 'undefined' || typeof view.Image.prototype.decode !== 'function') return;
  const decoding = Promise.all(
    urls.map((url) => {
      const image = new view.Image();
      image.src = url;
      return image.decode().catch(() => undefined);
    }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([decoding, timeout]);
  clearTimeout(timer);
}
